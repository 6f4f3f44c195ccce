package dev.latencylab.runner.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The highest rate the stack sustains with a phase's settings: a search over steps, each a rate
 * held for a while and judged on what the apps report at its end.
 *
 * <p>The rule, after OpenMessaging Benchmark's rate controller (which ramps while its publish and
 * receive backlogs stay under a bound and backs off when either grows): a step is sustained when
 * <ul>
 *   <li>the sender kept its schedule: it sent at least {@link Rule#minSentShare} of the records the
 *       rate asked for, with a publish delay p99 under {@link Rule#publishDelayP99Ms} (an open-loop
 *       sender that falls behind is the first sign of a ceiling: its delay grows without bound);</li>
 *   <li>the producer's buffer stayed bounded: at the step's end no more than
 *       {@link Rule#unansweredSeconds} of records waited for the brokers' answer;</li>
 *   <li>the consumer kept up: no more than {@link Rule#backlogSeconds} of acknowledged records were
 *       not yet received.</li>
 * </ul>
 * Bounds are in seconds of records at the step's rate, not in records as OMB's (1000 records is a
 * second at 1000/s but 10 ms at 100000/s). The rate doubles while steps are sustained (OMB's ramping
 * factor 1), then the interval between the last sustained and the first failed rate is bisected
 * until it is within {@link Rule#precision}; if the first rate already fails, it halves until one is
 * sustained. Unlike OMB's controller, which moves a rate continuously while it measures, every step
 * here is judged alone and the runner drains the backlog after a failed one, so a step never
 * inherits the queue of the one before.
 *
 * <p>A short step can pass at a rate the stack cannot keep: the client's buffer and the brokers'
 * queues absorb seconds of overload. So the rate found is then held for a whole phase's duration
 * ({@link #nextIsHold}) and judged by the same rule; a hold that fails lowers the rate by the
 * precision and holds again, at most {@link #MAX_HOLDS} times. Only a rate that held is
 * {@link #confirmed}.
 */
public final class MaxRateSearch {

    /** The bounds a step must stay within, and when the search stops. */
    public record Rule(
            double minSentShare,
            double publishDelayP99Ms,
            double unansweredSeconds,
            double backlogSeconds,
            double precision,
            int maxSteps,
            double minRate) {

        public static final Rule DEFAULT = new Rule(0.95, 50, 1.0, 1.0, 0.10, 12, 10);

        /** The sender kept its schedule: it sent at least {@link #minSentShare} of what was scheduled. */
        public boolean sentEnough(double sent, double scheduled) {
            return sent >= minSentShare * scheduled;
        }

        /** The publish delay p99 stayed within its bound (none measured: nothing against it). */
        public boolean delayWithin(Double p99) {
            return p99 == null || p99 <= publishDelayP99Ms;
        }
    }

    /** Holds of the rate found, each as long as the phase, before the search gives up confirming. */
    public static final int MAX_HOLDS = 3;

    private final Rule rule;
    private final double start;
    private final List<RateProbe> steps = new ArrayList<>();
    private double sustained;
    private double failed = Double.POSITIVE_INFINITY;
    private boolean nextIsHold;

    public MaxRateSearch(double start, Rule rule) {
        if (!(start > 0)) {
            throw new IllegalArgumentException("a rate search starts from a positive rate, got " + start);
        }
        this.start = start;
        this.rule = rule;
    }

    public Rule rule() {
        return rule;
    }

    /** The next rate to try, or empty when the search is over; {@link #nextIsHold} says how long. */
    public OptionalDouble next() {
        nextIsHold = false;
        if (confirmed()) {
            return OptionalDouble.empty();
        }
        int holds = holds();
        OptionalDouble candidate = holds == 0 ? searchNext() : OptionalDouble.empty();
        if (candidate.isPresent()) {
            return candidate;
        }
        if (sustained > 0 && holds < MAX_HOLDS) {
            nextIsHold = true;
            return OptionalDouble.of(sustained);
        }
        return OptionalDouble.empty();
    }

    /** Whether the rate {@link #next} gave is the rate found, to be held for the phase's whole duration. */
    public boolean nextIsHold() {
        return nextIsHold;
    }

    /** The bisection's next rate, empty once it is over. */
    private OptionalDouble searchNext() {
        if (steps.size() >= rule.maxSteps()) {
            return OptionalDouble.empty();
        }
        if (steps.isEmpty()) {
            return OptionalDouble.of(start);
        }
        if (failed == Double.POSITIVE_INFINITY) {
            return OptionalDouble.of(sustained * 2);
        }
        if (sustained == 0) {
            double lower = failed / 2;
            return lower < rule.minRate() ? OptionalDouble.empty() : OptionalDouble.of(lower);
        }
        if (converged()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(Math.floor((sustained + failed) / 2));
    }

    /** Judges a step by the rule and records it. */
    public RateProbe judge(
            double rate,
            double seconds,
            long sent,
            long acked,
            long failedSends,
            Double publishDelayP99Ms,
            long unanswered,
            long consumerBacklog) {
        String reason = reason(rate, seconds, sent, failedSends, publishDelayP99Ms, unanswered, consumerBacklog);
        RateProbe step = new RateProbe(
                steps.size() + 1,
                rate,
                seconds,
                sent,
                acked,
                failedSends,
                publishDelayP99Ms,
                unanswered,
                consumerBacklog,
                reason == null,
                reason,
                nextIsHold);
        steps.add(step);
        if (nextIsHold) {
            nextIsHold = false;
            if (!step.sustained()) {
                failed = Math.min(failed, rate);
                // Within the precision below the failed rate, so the search stays converged.
                double lower = Math.ceil(rate / (1 + rule.precision()));
                sustained = lower < rule.minRate() ? 0 : lower;
            }
        } else if (step.sustained()) {
            sustained = Math.max(sustained, rate);
        } else {
            failed = Math.min(failed, rate);
        }
        return step;
    }

    private String reason(
            double rate, double seconds, long sent, long failedSends, Double p99, long unanswered, long backlog) {
        List<String> reasons = new ArrayList<>();
        long scheduled = Math.round(rate * seconds);
        if (!rule.sentEnough(sent, scheduled)) {
            reasons.add(String.format(
                    Locale.ROOT, "sent %d of %d scheduled (%.0f %%)", sent, scheduled, 100.0 * sent / scheduled));
        }
        if (!rule.delayWithin(p99)) {
            reasons.add(
                    String.format(Locale.ROOT, "publish delay p99 %.1f ms > %.0f ms", p99, rule.publishDelayP99Ms()));
        }
        if (failedSends > 0) {
            reasons.add(failedSends + " sends failed");
        }
        if (unanswered > rate * rule.unansweredSeconds()) {
            reasons.add(String.format(
                    Locale.ROOT,
                    "%d records awaiting the brokers' answer (> %.1f s of records)",
                    unanswered,
                    rule.unansweredSeconds()));
        }
        if (backlog > rate * rule.backlogSeconds()) {
            reasons.add(String.format(
                    Locale.ROOT, "consumer %d records behind (> %.1f s of records)", backlog, rule.backlogSeconds()));
        }
        return reasons.isEmpty() ? null : String.join("; ", reasons);
    }

    /** Whether the rate found held for a whole phase's duration. */
    public boolean confirmed() {
        return !steps.isEmpty()
                && steps.get(steps.size() - 1).hold()
                && steps.get(steps.size() - 1).sustained();
    }

    /** The holds run so far. */
    public int holds() {
        return (int) steps.stream().filter(RateProbe::hold).count();
    }

    /** The highest sustained rate so far (after a failed hold: the next to hold), 0 if none. */
    public double found() {
        return sustained;
    }

    /** The lowest failed rate is within the precision of the highest sustained one. */
    public boolean converged() {
        return sustained > 0 && failed != Double.POSITIVE_INFINITY && failed <= sustained * (1 + rule.precision());
    }

    public List<RateProbe> steps() {
        return List.copyOf(steps);
    }
}
