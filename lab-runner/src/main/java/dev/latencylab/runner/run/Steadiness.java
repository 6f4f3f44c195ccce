package dev.latencylab.runner.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * When the stack counts as steady: the last {@value #WINDOWS} warm-up windows each have an e2e p50
 * and a CPU figure, and each figure of each window lies within ±{@value #TOLERANCE_PERCENT} % of
 * those windows' median (e2e p50: or within ±{@value #LATENCY_FLOOR_MS} ms, whichever is wider).
 *
 * <ul>
 *   <li>Three windows: two can agree by chance on the way down from a start-up peak; three
 *       consecutive ones are 30 s of agreement, which a stack still compiling or settling rarely
 *       gives.
 *   <li>±20 %: wide enough for what a steady stack does between 10 s windows on a shared machine (a
 *       GC pause in one window, a scrape landing early or late, another process taking a core for
 *       a moment), far narrower than the start-up drift this is there to catch: right after 'up' on
 *       2 cores the first phase's p50 was many times the settled one (~100 ms against ~4 ms).
 *   <li>±2 ms at least for e2e p50: at a p50 of a few ms, 20 % is under a millisecond, less than
 *       one scheduling hiccup on 2 shared cores; a settled stack at 2,000 records/s of 1 KiB moved
 *       between 4.0 and 7.3 ms from window to window and was never called steady in 3 minutes,
 *       while the start-up drift it must catch is tens of ms and more.
 *   <li>Both figures: latency alone can look flat while the brokers still burn CPU compiling, and
 *       CPU alone says nothing about the path a record takes.
 * </ul>
 */
final class Steadiness {

    static final int WINDOWS = 3;
    static final int TOLERANCE_PERCENT = 20;
    static final int LATENCY_FLOOR_MS = 2;
    private static final double TOLERANCE = TOLERANCE_PERCENT / 100.0;

    /** The verdict on the latest windows and, in words, why. */
    record Judged(boolean steady, String why) {}

    private Steadiness() {}

    static String criterion(String window) {
        return WINDOWS + " consecutive " + window + " windows whose consumer e2e p50 and total CPU of the lab's "
                + "processes each lie within ±" + TOLERANCE_PERCENT + " % of those windows' median (e2e p50: or ±"
                + LATENCY_FLOOR_MS + " ms, whichever is wider)";
    }

    /** Judges the last {@value #WINDOWS} of {@code windows} (oldest first). */
    static Judged judge(List<StackProbe.StackFigures> windows) {
        if (windows.size() < WINDOWS) {
            return new Judged(false, "needs " + WINDOWS + " windows");
        }
        List<StackProbe.StackFigures> last = windows.subList(windows.size() - WINDOWS, windows.size());
        if (!last.stream().allMatch(StackProbe.StackFigures::complete)) {
            return new Judged(false, "a figure is missing in the last " + WINDOWS + " windows");
        }
        List<String> off = new ArrayList<>();
        List<String> within = new ArrayList<>();
        spread(last, StackProbe.StackFigures::e2eP50Ms, "e2e p50", "ms", LATENCY_FLOOR_MS, within, off);
        spread(last, StackProbe.StackFigures::cpuCores, "CPU", "cores", 0, within, off);
        if (!off.isEmpty()) {
            return new Judged(false, String.join(" and ", off));
        }
        return new Judged(true, String.join(" and ", within) + " of their median");
    }

    /**
     * "e2e p50 4.02..4.31 ms within ±2 ms" into {@code within}, or "... beyond ±20 %" into
     * {@code off} when a value lies beyond the tolerance: ±20 % of the median, or {@code floor}
     * (in the figure's unit) where that is wider.
     */
    private static void spread(
            List<StackProbe.StackFigures> windows,
            Function<StackProbe.StackFigures, Double> figure,
            String name,
            String unit,
            double floor,
            List<String> within,
            List<String> off) {
        List<Double> values = windows.stream().map(figure).sorted().toList();
        double median = values.get(values.size() / 2);
        double percent = TOLERANCE * Math.abs(median);
        double tolerance = Math.max(percent, floor);
        String band = floor > percent ? "±" + number(floor) + " " + unit : "±" + TOLERANCE_PERCENT + " %";
        String text = name + " " + number(values.get(0)) + ".." + number(values.get(values.size() - 1)) + " " + unit;
        if (values.stream().anyMatch(v -> Math.abs(v - median) > tolerance)) {
            off.add(text + " beyond " + band);
        } else {
            within.add(text + " within " + band);
        }
    }

    static String number(Double v) {
        if (v == null) {
            return "n/a";
        }
        return String.format(Locale.ROOT, v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f", v);
    }
}
