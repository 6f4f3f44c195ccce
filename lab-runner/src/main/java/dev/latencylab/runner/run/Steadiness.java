package dev.latencylab.runner.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * When the stack counts as steady: the last {@value #WINDOWS} warm-up windows each have an e2e p50
 * and a CPU figure, and each figure of each window lies within ±{@value #TOLERANCE_PERCENT} % of
 * those windows' median.
 *
 * <ul>
 *   <li>Three windows: two can agree by chance on the way down from a start-up peak; three
 *       consecutive ones are 30 s of agreement, which a stack still compiling or settling rarely
 *       gives.
 *   <li>±20 %: wide enough for what a steady stack does between 10 s windows on a shared machine (a
 *       GC pause in one window, a scrape landing early or late, another process taking a core for
 *       a moment), far narrower than the start-up drift this is there to catch: right after 'up' on
 *       2 cores the first phase's p50 was many times the settled one (~100 ms against ~4 ms).
 *   <li>Both figures: latency alone can look flat while the brokers still burn CPU compiling, and
 *       CPU alone says nothing about the path a record takes.
 * </ul>
 */
final class Steadiness {

    static final int WINDOWS = 3;
    static final int TOLERANCE_PERCENT = 20;
    private static final double TOLERANCE = TOLERANCE_PERCENT / 100.0;

    /** The verdict on the latest windows and, in words, why. */
    record Verdict(boolean steady, String why) {}

    private Steadiness() {}

    static String criterion(String window) {
        return WINDOWS + " consecutive " + window + " windows whose consumer e2e p50 and total CPU of the lab's "
                + "processes each lie within ±" + TOLERANCE_PERCENT + " % of those windows' median";
    }

    /** Judges the last {@value #WINDOWS} of {@code windows} (oldest first). */
    static Verdict judge(List<StackProbe.Figures> windows) {
        if (windows.size() < WINDOWS) {
            return new Verdict(false, "needs " + WINDOWS + " windows");
        }
        List<StackProbe.Figures> last = windows.subList(windows.size() - WINDOWS, windows.size());
        if (!last.stream().allMatch(StackProbe.Figures::complete)) {
            return new Verdict(false, "a figure is missing in the last " + WINDOWS + " windows");
        }
        List<String> off = new ArrayList<>();
        String latency = spread(last, StackProbe.Figures::e2eP50Ms, "e2e p50", "ms", off);
        String cpu = spread(last, StackProbe.Figures::cpuCores, "CPU", "cores", off);
        if (!off.isEmpty()) {
            return new Verdict(false, String.join(" and ", off) + " beyond ±" + TOLERANCE_PERCENT + " %");
        }
        return new Verdict(true, latency + " and " + cpu + " within ±" + TOLERANCE_PERCENT + " % of their median");
    }

    /** "e2e p50 4.02..4.31 ms"; adds it to {@code off} when a value lies beyond the tolerance. */
    private static String spread(
            List<StackProbe.Figures> windows,
            Function<StackProbe.Figures, Double> figure,
            String name,
            String unit,
            List<String> off) {
        List<Double> values = windows.stream().map(figure).sorted().toList();
        double median = values.get(values.size() / 2);
        String text = name + " " + number(values.get(0)) + ".." + number(values.get(values.size() - 1)) + " " + unit;
        if (values.stream().anyMatch(v -> Math.abs(v - median) > TOLERANCE * Math.abs(median))) {
            off.add(text);
        }
        return text;
    }

    static String number(Double v) {
        if (v == null) {
            return "n/a";
        }
        return String.format(Locale.ROOT, v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f", v);
    }
}
