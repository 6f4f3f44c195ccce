package dev.latencylab.runner.results.report;

import java.awt.AlphaComposite;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Composite;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.util.List;

/**
 * Marks phases on an XChart time axis: a shaded band over each warm-up (its samples are
 * dropped), a line where each phase's settings took effect, and the phase's name at the top of
 * its segment. Drawn in XChart's own data-to-screen coordinates so it stays aligned with the series.
 */
final class PhaseBands extends PlotAnnotation {

    /** A phase on the x axis, in the chart's x units. */
    record Band(String name, double start, double measureStart, double end) {}

    private static final Color WARMUP = new Color(0x9E, 0x9E, 0x9E);
    private static final Color BOUNDARY = new Color(0x42, 0x42, 0x42);
    private static final Font LABEL = new Font(Font.SANS_SERIF, Font.BOLD, 13);

    private final List<Band> segments;

    PhaseBands(List<Band> segments) {
        this.segments = List.copyOf(segments);
    }

    @Override
    void draw(Graphics2D g, Plot plot) {
        int top = plot.top();
        int bottom = plot.bottom();
        g.clipRect(plot.left(), top, plot.width(), plot.height());
        Composite composite = g.getComposite();
        for (Band s : segments) {
            int x0 = getXAxisScreenValue(s.start());
            int xm = getXAxisScreenValue(s.measureStart());
            int x1 = getXAxisScreenValue(s.end());
            if (xm > x0) {
                g.setComposite(AlphaComposite.getInstance(AlphaComposite.SRC_OVER, 0.18f));
                g.setColor(WARMUP);
                g.fillRect(x0, top, xm - x0, bottom - top);
                g.setComposite(composite);
            }
            g.setColor(BOUNDARY);
            g.setStroke(
                    new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
            g.drawLine(x0, top, x0, bottom);
            g.setFont(LABEL);
            FontMetrics fm = g.getFontMetrics();
            int width = fm.stringWidth(s.name());
            int x = Math.max(x0 + 3, (x0 + x1) / 2 - width / 2);
            g.drawString(s.name(), x, top + fm.getAscent() + 4);
        }
    }
}
