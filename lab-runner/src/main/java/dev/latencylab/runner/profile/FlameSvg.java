package dev.latencylab.runner.profile;

import java.util.Locale;

/**
 * Draws a call tree as a flame graph in SVG: the root at the bottom, each method as wide as its
 * share of the samples, callees stacked on their caller. A plain file a browser or GitHub shows,
 * with each frame's name, samples and share in its tooltip. Colours tell the code's owner apart:
 * the lab, Kafka's client, Spring, Micrometer, the JDK.
 */
public final class FlameSvg {

    static final int WIDTH = 1200;
    static final int FRAME_HEIGHT = 16;
    private static final int MARGIN = 10;
    private static final int TITLE_HEIGHT = 40;
    private static final double CHAR_WIDTH = 6.6;
    /** Frames narrower than this are not drawn: they would be a hairline nobody can point at. */
    private static final double MIN_WIDTH = 0.3;

    private FlameSvg() {}

    public static String render(CallTree tree, String title) {
        long total = Math.max(1, tree.root().total());
        int rows = tree.depth() + 1;
        int height = TITLE_HEIGHT + rows * FRAME_HEIGHT + 2 * MARGIN;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
                        + " font-family=\"monospace\" font-size=\"11\">%n",
                WIDTH,
                height,
                WIDTH,
                height));
        svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"#fdfdf6\"/>%n", WIDTH, height));
        svg.append(String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"24\" font-size=\"14\">%s (%d samples)</text>%n",
                MARGIN,
                escape(title),
                tree.root().total()));
        double scale = (WIDTH - 2.0 * MARGIN) / total;
        draw(svg, tree.root(), MARGIN, height - MARGIN - FRAME_HEIGHT, scale, total);
        return svg.append("</svg>\n").toString();
    }

    private static void draw(StringBuilder svg, CallTree.Node node, double x, int y, double scale, long total) {
        double width = node.total() * scale;
        if (width < MIN_WIDTH) {
            return;
        }
        String label = String.format(
                Locale.ROOT, "%s (%d samples, %.2f%%)", node.name(), node.total(), 100.0 * node.total() / total);
        svg.append(String.format(
                Locale.ROOT,
                "<g><title>%s</title><rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\" rx=\"2\"/>",
                escape(label),
                x,
                y,
                width,
                FRAME_HEIGHT - 1,
                colour(node.name())));
        int fits = (int) ((width - 4) / CHAR_WIDTH);
        if (fits >= 3) {
            String text =
                    node.name().length() <= fits ? node.name() : node.name().substring(0, fits - 2) + "..";
            svg.append(String.format(
                    Locale.ROOT, "<text x=\"%.1f\" y=\"%d\">%s</text>", x + 3, y + FRAME_HEIGHT - 4, escape(text)));
        }
        svg.append("</g>\n");
        double childX = x;
        for (CallTree.Node child : node.children()) {
            draw(svg, child, childX, y - FRAME_HEIGHT, scale, total);
            childX += child.total() * scale;
        }
    }

    /** A hue per owner, a shade per method, the same on every graph. */
    static String colour(String frame) {
        int hue;
        if (frame.startsWith("d.l.")) {
            hue = 120; // the lab
        } else if (frame.startsWith("o.a.k.")) {
            hue = 210; // Kafka's client
        } else if (frame.startsWith("o.s.")) {
            hue = 50; // Spring
        } else if (frame.startsWith("i.m.")) {
            hue = 280; // Micrometer
        } else {
            hue = 15; // the JDK and the rest
        }
        int shade = Math.floorMod(frame.hashCode(), 20);
        return String.format(Locale.ROOT, "hsl(%d,%d%%,%d%%)", hue, 55 + shade, 62 + shade / 2);
    }

    static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
