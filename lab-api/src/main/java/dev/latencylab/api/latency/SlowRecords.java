package dev.latencylab.api.latency;

import java.time.Instant;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The records of a phase slower than a threshold set while the phase ran (the runner sets it when
 * a fault is injected: the phase's slowest record so far). Latency here is the corrected one,
 * consume time minus intended send time, so records a stalled producer held back count too.
 *
 * @param aboveMs the threshold: records whose corrected latency exceeded it are counted
 * @param count first deliveries above the threshold after it was set
 * @param firstSent the earliest intended send time among them, null without any
 * @param lastSent the latest intended send time among them
 * @param lastReceived when the last of them was consumed
 * @param maxMs the highest corrected latency among them
 * @param perTenth how many of them were (intended to be) sent in each tenth of a second, keyed by
 *     the tenth's start in epoch milliseconds, only tenths with any: when the delay came, and whether
 *     in one episode or several
 */
public record SlowRecords(
        double aboveMs,
        long count,
        Instant firstSent,
        Instant lastSent,
        Instant lastReceived,
        Double maxMs,
        SortedMap<Long, Long> perTenth) {

    /** The span of {@link #perTenth}'s keys, in milliseconds. */
    public static final long TENTH_MS = 100;

    public SlowRecords {
        perTenth = perTenth == null ? new TreeMap<>() : new TreeMap<>(perTenth);
    }

    /** Two instances' counts of the same phase at the same threshold as one. */
    public SlowRecords plus(SlowRecords other) {
        if (other == null) {
            return this;
        }
        return new SlowRecords(
                Math.max(aboveMs, other.aboveMs),
                count + other.count,
                earliest(firstSent, other.firstSent),
                latest(lastSent, other.lastSent),
                latest(lastReceived, other.lastReceived),
                larger(maxMs, other.maxMs),
                sum(perTenth, other.perTenth));
    }

    /** Null when both are: a conditional of Double and double would unbox the null. */
    private static Double larger(Double a, Double b) {
        if (a == null) {
            return b;
        }
        return b == null ? a : Double.valueOf(Math.max(a, b));
    }

    private static SortedMap<Long, Long> sum(SortedMap<Long, Long> a, SortedMap<Long, Long> b) {
        SortedMap<Long, Long> all = new TreeMap<>(a);
        b.forEach((k, v) -> all.merge(k, v, Long::sum));
        return all;
    }

    private static Instant earliest(Instant a, Instant b) {
        return a == null ? b : b == null ? a : a.isBefore(b) ? a : b;
    }

    private static Instant latest(Instant a, Instant b) {
        return a == null ? b : b == null ? a : a.isAfter(b) ? a : b;
    }
}
