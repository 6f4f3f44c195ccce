package dev.latencylab.runner.results.summary;

import java.math.BigDecimal;
import java.util.Locale;

/** Number formatting for tables and text: missing values are "n/a", never zero. */
public final class Fmt {

    public static final String NA = "n/a";

    private Fmt() {}

    /** Milliseconds: 2 decimals below 10, 1 below 100, none above. */
    public static String ms(Double v) {
        if (v == null) {
            return NA;
        }
        return String.format(Locale.ROOT, v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f", v);
    }

    /** Rates (per second): whole numbers from 100 up, one decimal below. */
    public static String rate(Double v) {
        if (v == null) {
            return NA;
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.0f" : "%.1f", v);
    }

    public static String cores(Double v) {
        return v == null ? NA : String.format(Locale.ROOT, "%.2f", v);
    }

    public static String ratio(Double v) {
        return v == null ? NA : String.format(Locale.ROOT, "%.2f", v);
    }

    public static String kiloBytes(Double bytes) {
        return bytes == null ? NA : String.format(Locale.ROOT, "%.1f", bytes / 1000);
    }

    /** A share (0.42) as a whole percent, "42 %", or n/a: see {@link #percent(Double, int)}. */
    public static String percent(Double share) {
        return percent(share, 0);
    }

    /**
     * The one spelling of a share as a percent, the docs' "42 %" (a space before the sign), or n/a.
     * A share above zero that rounds to nothing at {@code decimals} is "<0.1 %" (or "<1 %"), never
     * "0 %": a few of many is not none.
     */
    public static String percent(Double share, int decimals) {
        if (share == null) {
            return NA;
        }
        String shown = String.format(Locale.ROOT, "%." + decimals + "f", share * 100);
        if (share > 0 && Double.parseDouble(shown) == 0) {
            return "<" + BigDecimal.ONE.movePointLeft(decimals).toPlainString() + " %";
        }
        return shown + " %";
    }

    /** {@code part} as a percent of {@code total}; n/a when there is no total. */
    public static String percent(long part, long total, int decimals) {
        return total == 0 ? NA : percent((double) part / total, decimals);
    }

    public static String count(Long v) {
        return v == null ? NA : Long.toString(v);
    }

    /** A count, or the median of counts (which may fall between two: one decimal then). */
    public static String count(Double v) {
        if (v == null) {
            return NA;
        }
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    public static String plain(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%s", v);
    }

    /**
     * How {@code value} compares with {@code base}: "38 % lower", "12 % higher", "3.4x" for large
     * increases, "the same" within 0.5 %.
     */
    public static String relative(double value, double base) {
        if (base == 0) {
            return value == 0 ? "the same" : "up from zero";
        }
        double change = (value - base) / base;
        if (Math.abs(change) < 0.005) {
            return "the same";
        }
        if (change >= 1) {
            return String.format(Locale.ROOT, "%.1fx", value / base);
        }
        return percent(Math.abs(change)) + (change < 0 ? " lower" : " higher");
    }
}
