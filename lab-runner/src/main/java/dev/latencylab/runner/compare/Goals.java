package dev.latencylab.runner.compare;

import dev.latencylab.api.settings.ListenerType;
import java.util.Locale;

/**
 * The goals README and docs/benchmarks.md publish, judged: the producer-app on equal work at least
 * ProducerPerformance's acked rate, the consumer-app's drain at least 0.9 of ConsumerPerformance's with
 * the batch listener and 0.75 with the record listener, lab e2e p50 at most 1.1x the floor (1.2x
 * EndToEndLatency's whole ms), CPU per record at most 1.2x each tool's.
 */
final class Goals {

    public static final double MIN_THROUGHPUT_RATIO = 1.0;
    public static final double MAX_LATENCY_RATIO = 1.2;
    public static final double MAX_FLOOR_RATIO = 1.1;
    public static final double MAX_PUBLISH_DELAY_P99_MS = 1.0;
    public static final double MIN_BATCH_CONSUMER_RATIO = 0.9;
    public static final double MIN_RECORD_CONSUMER_RATIO = 0.75;
    public static final double MAX_CPU_RATIO = 1.2;
    /** A round whose ProducerPerformance rate lies further than this from the rounds' median is UNSTEADY. */
    public static final double PRODUCER_TOOL_STEADY = 0.05;
    /**
     * A side whose rate in its window's second half was more than this above its first half's (median of the
     * rounds) was still warming up: its window understates it, so a verdict in the other side's favour is not given.
     */
    public static final double WARMING = 0.05;
    /** A round whose ConsumerPerformance rate lies further than this from the rounds' median is UNSTEADY. */
    public static final double CONSUMER_TOOL_STEADY = 0.1;

    private Goals() {}

    /**
     * The lab's acked records/s over ProducerPerformance's, round by round; the median judged.
     *
     * @param unsteady rounds whose tool rate lay further from the tools' median than the goal's margin
     * @param labLate  the median of the lab's second-half / first-half rates (null: not known)
     * @param toolLate the tool's, likewise: above 1 + {@link #WARMING}, it was still warming and a "met" is not given
     */
    public static Verdict throughput(RoundSpread ratio, long unsteady, Double labLate, Double toolLate) {
        String goal = "lab / ProducerPerformance >= " + MIN_THROUGHPUT_RATIO;
        if (!(ratio.median() > 0) || Double.isInfinite(ratio.median())) {
            return Verdict.notJudged(
                    goal,
                    "throughput ratio n/a: ProducerPerformance reported no throughput; goal >= " + MIN_THROUGHPUT_RATIO
                            + " not judged");
        }
        double r = ratio.median();
        boolean met = r >= MIN_THROUGHPUT_RATIO;
        boolean toolWarming = warming(toolLate);
        boolean labWarming = warming(labLate);
        // A side still warming is understated: a verdict in the other side's favour would lean on that.
        boolean spoiled = met ? toolWarming : labWarming;
        String standing = spoiled
                ? String.format(
                        Locale.ROOT,
                        "not judged (%s on these figures, but %s was still warming up)",
                        met ? "met" : "missed",
                        met ? "ProducerPerformance" : "the producer-app")
                : met ? "met" : String.format(Locale.ROOT, "MISSED (the lab reaches %.1f %% of the tool)", r * 100);
        String text = String.format(
                Locale.ROOT,
                "throughput ratio %s (lab / ProducerPerformance acked records/s, %s): goal >= %.2f %s%s%s",
                Numbers.ratio(r),
                ratio.describe(),
                MIN_THROUGHPUT_RATIO,
                standing,
                unsteadiness(unsteady, ratio.rounds(), PRODUCER_TOOL_STEADY, "ProducerPerformance"),
                warmth(labLate, toolLate));
        return spoiled
                ? new Verdict(goal, r, r, r, Verdict.Standing.UNDECIDED, text)
                : Verdict.exact(goal, r, met, text);
    }

    private static boolean warming(Double late) {
        return late != null && late > 1 + WARMING;
    }

    /** Each side's second half over its first, the check that both were warm; WARMING where one was not. */
    private static String warmth(Double labLate, Double toolLate) {
        if (labLate == null || toolLate == null) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                "; second half / first half of the window (median of the rounds): lab %s, ProducerPerformance %s%s",
                Numbers.ratio(labLate),
                Numbers.ratio(toolLate),
                warming(labLate) || warming(toolLate)
                        ? String.format(
                                Locale.ROOT,
                                ", WARMING: %s got faster by more than %.0f %% inside its window",
                                warming(toolLate) ? "ProducerPerformance" : "the producer-app",
                                WARMING * 100)
                        : "");
    }

    /** Rounds in which the tool itself moved by more than the goal's margin: the machine, not either side. */
    static String unsteadiness(long unsteady, int rounds, double margin, String tool) {
        return unsteady == 0
                ? ""
                : String.format(
                        Locale.ROOT,
                        "; UNSTEADY: in %d of %d rounds %s's own rate lay more than %.0f %% from its median",
                        unsteady,
                        rounds,
                        tool,
                        margin * 100);
    }

    /** The lab app's CPU per record over the tool's, the same rate, the same window: one round. */
    public static Verdict cpu(CompareResult.CpuUse lab, CompareResult.CpuUse tool) {
        Double l = lab.cpuMsPer1000Records();
        Double t = tool.cpuMsPer1000Records();
        return cpu(lab, tool, l == null || t == null || !(t > 0) ? null : RoundSpread.of(l / t));
    }

    /**
     * The lab app's CPU per record over the tool's, round by round at the same rate; the median judged.
     *
     * @param lab   the app's figures over all rounds, printed beside the ratio
     * @param tool  the tool's, likewise
     * @param ratio the rounds' ratios; null when a round had none (no records or no CPU time on a side)
     */
    public static Verdict cpu(CompareResult.CpuUse lab, CompareResult.CpuUse tool, RoundSpread ratio) {
        String goal = lab.process() + " / " + tool.process() + " CPU per record <= " + MAX_CPU_RATIO;
        Double l = lab.cpuMsPer1000Records();
        Double t = tool.cpuMsPer1000Records();
        if (ratio == null || l == null || t == null) {
            return Verdict.notJudged(
                    goal,
                    "CPU ratio " + lab.process() + " / " + tool.process() + " n/a: no records"
                            + " or no CPU time on one side; not judged");
        }
        double r = ratio.median();
        boolean met = r <= MAX_CPU_RATIO;
        String text = String.format(
                Locale.ROOT,
                "CPU per record, %s / %s: %s (%s; %s / %s CPU-ms per 1,000 records%s): goal <= %.1fx %s",
                lab.process(),
                tool.process(),
                Numbers.ratio(r),
                ratio.describe(),
                Numbers.ms(l),
                Numbers.ms(t),
                ratio.rounds() == 1 ? "" : " over all rounds",
                MAX_CPU_RATIO,
                met ? "met" : "MISSED");
        return Verdict.exact(goal, r, met, text);
    }

    /** consumer-app drain records/s over ConsumerPerformance's, round by round, for one listener; the median judged. */
    public static Verdict consumer(ListenerType listener, RoundSpread ratio, long unsteady) {
        double least = listener == ListenerType.RECORD ? MIN_RECORD_CONSUMER_RATIO : MIN_BATCH_CONSUMER_RATIO;
        String goal = "consumer-app (" + listener + " listener) / ConsumerPerformance >= " + least;
        if (!(ratio.median() > 0) || Double.isInfinite(ratio.median())) {
            return Verdict.notJudged(goal, "consumer ratio n/a: ConsumerPerformance reported no rate; not judged");
        }
        double r = ratio.median();
        boolean met = r >= least;
        String text = String.format(
                Locale.ROOT,
                "consumer ratio, %s listener, %s (consumer-app / ConsumerPerformance records/s, full accounting on, %s):"
                        + " goal >= %.2f %s%s",
                listener,
                Numbers.ratio(r),
                ratio.describe(),
                least,
                met ? "met" : "MISSED",
                unsteadiness(unsteady, ratio.rounds(), CONSUMER_TOOL_STEADY, "ConsumerPerformance"));
        return Verdict.exact(goal, r, met, text);
    }

    /**
     * Lab p50 (ms, exact) over EndToEndLatency's p50, which the tool prints as whole milliseconds
     * rounded down: its true p50 lies in [p, p + 1), so the true ratio in (lab / (p + 1), lab / p].
     * The headline ratio uses the printed p (the unfavourable end for the lab); a miss that the
     * resolution could undo is UNDECIDED, never "met".
     *
     * @param toolP50Ms the tool's printed p50; a mean over rounds may have a fraction
     */
    public static Verdict latency(double labP50Ms, double toolP50Ms) {
        String goal = "lab p50 / EndToEndLatency p50 <= " + MAX_LATENCY_RATIO;
        Double high = toolP50Ms > 0 ? labP50Ms / toolP50Ms : null;
        double low = labP50Ms / (toolP50Ms + 1);
        String range = high == null
                ? String.format(
                        Locale.ROOT,
                        "the tool printed p50 0 (under 1 ms), so the true ratio is above %s",
                        Numbers.ratio(low))
                : String.format(
                        Locale.ROOT,
                        "the tool prints whole ms rounded down, so the true ratio is between %s and %s",
                        Numbers.ratio(low),
                        Numbers.ratio(high));
        Verdict.Standing status;
        if (high != null && high <= MAX_LATENCY_RATIO) {
            status = Verdict.Standing.MET;
        } else if (low > MAX_LATENCY_RATIO) {
            status = Verdict.Standing.MISSED;
        } else {
            status = Verdict.Standing.UNDECIDED;
        }
        String verdict =
                switch (status) {
                    case MET -> "met";
                    case MISSED -> "MISSED";
                    case UNDECIDED -> "NOT MET on the printed figure (undecided within the tool's 1 ms resolution)";
                };
        String text = String.format(
                Locale.ROOT,
                "e2e p50 ratio %s (lab %s ms / EndToEndLatency %s ms): goal <= %.1fx %s; %s",
                high == null ? Numbers.NA : Numbers.ratio(high),
                Numbers.ms(labP50Ms),
                trim(toolP50Ms),
                MAX_LATENCY_RATIO,
                verdict,
                range);
        return new Verdict(goal, high, low, high, status, text);
    }

    /**
     * Lab e2e p50 over the paced closed-loop floor's p50, both timed in microseconds, round by round;
     * the median judged. The ratio to the busy-poll bound is shown, not judged: the lab's consumer
     * does not busy-poll.
     *
     * @param busyPoll null when the bound was not measured
     */
    public static Verdict floor(RoundSpread ratio, RoundSpread busyPoll) {
        String goal = "lab p50 / paced closed-loop floor p50 <= " + MAX_FLOOR_RATIO;
        if (!(ratio.median() > 0) || Double.isInfinite(ratio.median())) {
            return Verdict.notJudged(goal, "floor ratio n/a: no floor measured");
        }
        double r = ratio.median();
        boolean met = r <= MAX_FLOOR_RATIO;
        String text = String.format(
                Locale.ROOT,
                "e2e p50 vs floor %s (lab / warm closed-loop floor at the lab's rate with its fetch settings, both in µs,"
                        + " %s): goal <= %.1fx %s; lab / busy-poll bound (back to back, fetch.max.wait.ms 0) %s",
                Numbers.ratio(r),
                ratio.describe(),
                MAX_FLOOR_RATIO,
                met ? "met" : "MISSED",
                busyPoll == null ? Numbers.NA : Numbers.ratio(busyPoll.median()) + " (" + busyPoll.describe() + ")");
        return Verdict.exact(goal, r, met, text);
    }

    /**
     * The producer-app's publish delay p99 at half its realistic ceiling; a window {@link
     * CompareResult.PublishDelay#refusal() refused} is not a valid measurement and is not judged.
     */
    public static Verdict publishDelay(CompareResult.PublishDelay d) {
        String goal = "publish delay p99 at half the ceiling <= " + MAX_PUBLISH_DELAY_P99_MS + " ms";
        double p99Ms = d.publishDelayMs().p99();
        String refusal = d.refusal();
        if (refusal != null) {
            return Verdict.notJudged(
                    goal,
                    String.format(
                            Locale.ROOT,
                            "publish delay window at %s records/s REFUSED, not a valid measurement of the sender: %s;"
                                    + " its p99 %s ms not judged",
                            Numbers.rate(d.rate()),
                            refusal,
                            Numbers.ms3(p99Ms)));
        }
        boolean met = p99Ms <= MAX_PUBLISH_DELAY_P99_MS;
        String text = String.format(
                Locale.ROOT,
                "publish delay p99 %s ms at %s records/s (half the realistic ceiling): goal <= %.0f ms %s",
                Numbers.ms3(p99Ms),
                Numbers.rate(d.rate()),
                MAX_PUBLISH_DELAY_P99_MS,
                met ? "met" : "MISSED");
        return Verdict.exact(goal, p99Ms, met, text);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
