package dev.latencylab.runner.results.report;

import java.awt.Graphics2D;
import org.knowm.xchart.internal.chartpart.Annotation;

/**
 * An XChart annotation drawn over the plot surface in screen coordinates, on a copy of the
 * graphics so whatever it sets (clip, stroke, font, colour) does not leak into what XChart draws
 * after it.
 */
abstract class PlotAnnotation extends Annotation {

    /** The plot surface in screen pixels; y grows downwards. */
    record Plot(int left, int top, int right, int bottom) {
        int width() {
            return right - left;
        }

        int height() {
            return bottom - top;
        }
    }

    PlotAnnotation() {
        super(false);
    }

    @Override
    public final void paint(Graphics2D g) {
        if (!isVisible) {
            return;
        }
        Plot plot = new Plot(
                Math.min(getXAxisScreenValueForMin(), getXAxisScreenValueForMax()),
                Math.min(getYAxisScreenValueForMin(), getYAxisScreenValueForMax()),
                Math.max(getXAxisScreenValueForMin(), getXAxisScreenValueForMax()),
                Math.max(getYAxisScreenValueForMin(), getYAxisScreenValueForMax()));
        Graphics2D copy = (Graphics2D) g.create();
        try {
            draw(copy, plot);
        } finally {
            copy.dispose();
        }
    }

    abstract void draw(Graphics2D g, Plot plot);
}
