package dev.latencylab.runner.run;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.settings.ProducerSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How the runner's console lines write numbers. Not {@code results.Fmt}: the results package reads
 * this one's records (no package cycle), and its formats differ (ms without a decimal from 100 up,
 * whole rates below 100 with one).
 */
public final class ConsoleFormat {

    private ConsoleFormat() {}

    /** A rate or count: whole from 100 up or when whole, one decimal below. */
    public static String number(Double v) {
        if (v == null) {
            return "n/a";
        }
        return v >= 100 || v == Math.rint(v)
                ? String.format(Locale.ROOT, "%.0f", v)
                : String.format(Locale.ROOT, "%.1f", v);
    }

    /** The rate a phase asks for. */
    public static String target(ProducerSettings s) {
        return s.unthrottled() ? "unthrottled" : number(s.rate()) + "/s";
    }

    /** Milliseconds: two decimals below 10, one from there. */
    public static String ms(Double v) {
        return v == null ? "n/a" : String.format(Locale.ROOT, v < 10 ? "%.2f" : "%.1f", v);
    }

    /** Whole seconds, rounded. */
    public static String seconds(Duration d) {
        return Math.max(0, Math.round(d.toMillis() / 1000.0)) + "s";
    }

    /** A phase's accounting, for its done line. */
    public static String counts(PhaseCounts c) {
        // At read_committed the aborted transactions' records are never given: a term of the sum;
        // at read_uncommitted they are received, and said apart.
        boolean withheld = c.abortedRecords() > 0
                && c.acked() + c.storedDespiteFailure() - c.abortedRecords()
                        == c.received() + c.lost() + c.unobserved() + c.unread();
        return String.format(
                Locale.ROOT,
                "acked %d%s = received %d + lost %d%s%s%s, failed %d, redelivered %d",
                c.acked(),
                c.storedDespiteFailure() > 0 ? " + stored despite failure " + c.storedDespiteFailure() : "",
                c.received(),
                c.lost(),
                c.unobserved() > 0 ? " + unobserved " + c.unobserved() : "",
                c.unread() > 0 ? " + unread " + c.unread() : "",
                withheld
                        ? " + aborted " + c.abortedRecords() + " (in aborted transactions, not given at read_committed)"
                        : c.abortedRecords() > 0 ? " (" + c.abortedRecords() + " of them in aborted transactions)" : "",
                c.failed(),
                c.redelivered());
    }

    /**
     * The consumer's numbers missing so far in a phase, for its progress line: "lost" only while every
     * send of the phase was answered and none failed, and a consumer group reads. A failed send's number
     * never comes, and a send still retrying (the brokers answer nothing while too few replicas are in
     * sync) may come late, yet the consumer counts both missing once the grace period has passed; what
     * exceeds them is lost for sure. Sends merely in flight are unanswered too, so while the load runs
     * this says "missing" even for a loss smaller than them. A share group's member may hold records for
     * its whole acquisition lock, longer than the grace, before they are given to another: missing then
     * is never called lost. The phase's closing accounting tells them apart.
     */
    public static String liveMissing(long missing, long failed, long unanswered, boolean shareGroup) {
        if (missing <= 0) {
            return "";
        }
        if (failed == 0 && unanswered == 0 && !shareGroup) {
            return "  lost " + missing;
        }
        List<String> why = new ArrayList<>();
        if (shareGroup) {
            why.add("a share group's member may hold records for its acquisition lock"
                    + " (share.record.lock.duration.ms, 30 s by default) before they come");
        } else if (missing > failed + unanswered) {
            why.add("at least " + (missing - failed - unanswered) + " lost");
        }
        if (failed > 0) {
            why.add(failed + " sends failed so far: their numbers never come");
        }
        if (unanswered > 0) {
            why.add(unanswered + " sends unanswered, in flight or retrying: theirs may still come");
        }
        return "  missing " + missing + " (" + String.join("; ", why) + ")";
    }
}
