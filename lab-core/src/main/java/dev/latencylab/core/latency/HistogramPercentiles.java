package dev.latencylab.core.latency;

import dev.latencylab.api.latency.EncodedHistograms;
import dev.latencylab.api.latency.Percentiles;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;
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
                ms(h.getValueAtPercentile(10)),
                ms(h.getValueAtPercentile(50)),
                ms(h.getValueAtPercentile(90)),
                ms(h.getValueAtPercentile(95)),
                ms(h.getValueAtPercentile(99)),
                ms(h.getValueAtPercentile(99.9)),
                ms(h.getMaxValue()));
    }

    /** HdrHistogram's compressed encoding, base64: null for an empty histogram. */
    public static String encode(Histogram h) {
        if (h.getTotalCount() == 0) {
            return null;
        }
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    /** A phase's three histograms, encoded. */
    public static EncodedHistograms encode(Histogram latency, Histogram corrected, Histogram batchWait) {
        return new EncodedHistograms(encode(latency), encode(corrected), encode(batchWait));
    }

    /**
     * Adds an encoded histogram into {@code into}; null adds nothing.
     *
     * @throws IllegalArgumentException when {@code encoded} is not a histogram this lab encoded
     */
    public static void addEncoded(Histogram into, String encoded) {
        if (encoded == null) {
            return;
        }
        try {
            byte[] bytes = Base64.getDecoder().decode(encoded);
            into.add(Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), HIGHEST_MICROS));
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not an encoded histogram: " + e.getMessage(), e);
        }
    }

    private static double ms(long micros) {
        return micros / 1_000.0;
    }
}
