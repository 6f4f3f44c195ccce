package dev.latencylab.runner.results.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.util.List;

/**
 * Writes "no value" across the cells of an XChart heat map that have none: XChart leaves such a
 * cell unpainted, which alone could pass for a colour of the scale. The cells are placed as
 * XChart's heat map places them: an equal share each of the plot's content area, row 0 at the
 * bottom.
 */
final class HeatMapGaps extends PlotAnnotation {

    /** A cell by its column (x) and row (y) index. */
    record Gap(int x, int y) {}

    private static final Color INK = new Color(0x75, 0x75, 0x75);
    private static final Font LABEL = new Font(Font.SANS_SERIF, Font.ITALIC, 14);
    private static final String TEXT = "no value";

    private final int columns;
    private final int rows;
    private final List<Gap> gaps;

    HeatMapGaps(int columns, int rows, List<Gap> gaps) {
        this.columns = columns;
        this.rows = rows;
        this.gaps = List.copyOf(gaps);
    }

    @Override
    void draw(Graphics2D g, Plot plot) {
        double content = styler.getPlotContentSize();
        double width = plot.width() * content / columns;
        double height = plot.height() * content / rows;
        double x0 = plot.left() + plot.width() * (1 - content) / 2;
        double y0 = plot.top() + plot.height() * (1 - content) / 2;
        g.setFont(LABEL);
        g.setColor(INK);
        g.setStroke(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {4f, 4f}, 0f));
        FontMetrics fm = g.getFontMetrics();
        for (Gap gap : gaps) {
            int x = (int) Math.round(x0 + gap.x() * width);
            int y = (int) Math.round(y0 + (rows - 1 - gap.y()) * height);
            g.drawRect(x + 2, y + 2, (int) width - 4, (int) height - 4);
            g.drawString(
                    TEXT,
                    x + (int) (width - fm.stringWidth(TEXT)) / 2,
                    y + (int) (height + fm.getAscent() - fm.getDescent()) / 2);
        }
    }
}
