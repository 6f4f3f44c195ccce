package dev.latencylab.core.latency;

import dev.latencylab.api.latency.Percentiles;
import org.HdrHistogram.Histogram;

/** The lab's microsecond histograms and the percentiles every view reports of them, in milliseconds. */
public final class HistogramPercentiles {

    /** Ten minutes, in microseconds: far above any latency worth reporting, and a fixed memory cost. */
    public static final long HIGHEST_MICROS = 600_000_000L;

    private HistogramPercentiles() {}

    /** Three significant digits: a 1 ms value is kept to the microsecond. */
    public static Histogram newMicrosHistogram() {
        return new Histogram(HIGHEST_MICROS, 3);
    }

    /** Null when the histogram is empty: there is no percentile of nothing. */
    public static Percentiles of(Histogram h) {
        if (h.getTotalCount() == 0) {
            return null;
        }
        return new Percentiles(
                ms(h.getValueAtPercentile(50)),
                ms(h.getValueAtPercentile(90)),
                ms(h.getValueAtPercentile(95)),
                ms(h.getValueAtPercentile(99)),
                ms(h.getValueAtPercentile(99.9)),
                ms(h.getMaxValue()));
    }

    private static double ms(long micros) {
        return micros / 1_000.0;
    }
}
