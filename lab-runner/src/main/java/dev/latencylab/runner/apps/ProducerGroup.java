package dev.latencylab.runner.apps;

import dev.latencylab.api.latency.Percentiles;
import dev.latencylab.api.producer.PartitionAcks;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.producer.SenderCounters;
import dev.latencylab.api.producer.TransactionCounts;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.api.settings.SettingsLimits;
import dev.latencylab.runner.endpoint.EndpointException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Several producer-app instances' statuses as one, so the runner drives N producers as it drives
 * one: counts summed, each phase's acknowledged offsets merged per partition (first the lowest,
 * last the highest: the fence waits for the consumer to pass the highest any instance wrote).
 * Publish delay percentiles cannot be merged: each is the worst instance's, said where reported.
 * A scenario's rate is the group's total (as OpenMessaging Benchmark's producerRate): each instance
 * is given an even share of it ({@link #perInstanceRate}) and the group's settings carry the sum of
 * the instances' rates, so the runner judges group totals against group totals.
 */
public final class ProducerGroup {

    private ProducerGroup() {}

    public static ProducerStatus merge(List<ProducerStatus> statuses) {
        if (statuses.size() == 1) {
            return statuses.get(0);
        }
        ProducerStatus first = statuses.get(0);
        return new ProducerStatus(
                first.producerId(),
                first.topic(),
                statuses.stream().allMatch(ProducerStatus::running),
                statuses.stream().mapToLong(ProducerStatus::generation).sum(),
                settings(statuses),
                first.phase(),
                first.phaseName(),
                counters(statuses),
                phases(statuses),
                statuses.stream().allMatch(ProducerStatus::header),
                // The group is on schedule when its latest instance is.
                statuses.stream()
                        .map(ProducerStatus::scheduleLagMs)
                        .filter(java.util.Objects::nonNull)
                        .max(Double::compare)
                        .orElse(null));
    }

    /**
     * How the driven instances differ in what they were all asked for (settings but the rate, which
     * each gets a share of; phase; topic; header; running), in words; empty when they agree. A
     * restarted instance comes back with its defaults, and the records no longer say which
     * settings sent them: a group that disagrees would be merged into figures of no one setting.
     */
    public static java.util.Optional<String> disagreement(List<ProducerStatus> statuses) {
        ProducerStatus first = statuses.get(0);
        for (int i = 1; i < statuses.size(); i++) {
            ProducerStatus other = statuses.get(i);
            boolean same = java.util.Objects.equals(
                            first.settings() == null ? null : first.settings().withRate(1),
                            other.settings() == null ? null : other.settings().withRate(1))
                    && first.phase() == other.phase()
                    && java.util.Objects.equals(first.topic(), other.topic())
                    && first.header() == other.header()
                    && first.running() == other.running();
            if (!same) {
                return java.util.Optional.of(
                        "instance 1 has " + describe(first) + ", instance " + (i + 1) + " has " + describe(other));
            }
        }
        return java.util.Optional.empty();
    }

    private static String describe(ProducerStatus s) {
        return s.settings() + " (phase " + s.phase() + ", topic " + s.topic() + ", header " + s.header() + ", running "
                + s.running() + ")";
    }

    /**
     * An instance that already wrote its share of a backlog and stopped by itself did what it was asked:
     * it stands in the group's answer as started, so that it neither disagrees with the instances still
     * writing theirs nor makes the group look stopped while they do.
     */
    static ProducerStatus startedAsAsked(ProducerStatus status, SettingsChange mine) {
        return ProducerClient.sentItsCount(status, mine) ? status.withRunning(true) : status;
    }

    /**
     * Instance {@code i}'s part of {@code records} (null: none asked) split over {@code instances}, the
     * first ones taking one more where it does not divide: their sum is the backlog asked for.
     */
    static Integer recordsShare(Integer records, int i, int instances) {
        if (records == null) {
            return null;
        }
        if (records < instances) {
            throw new EndpointException("a backlog of " + records + " records cannot be split over " + instances
                    + " " + ProducerClient.PART + " instances (each needs at least one): ask for at least " + instances
                    + " records or drive fewer instances (a phase's producers: K)");
        }
        return records / instances + (i < records % instances ? 1 : 0);
    }

    /**
     * The rate each of {@code instances} producers is given so that together they send {@code total}
     * records/s: an even share; unthrottled stays unthrottled.
     */
    public static double perInstanceRate(double total, int instances) {
        return total == SettingsLimits.UNTHROTTLED ? total : total / instances;
    }

    /** The first instance's settings at the group's rate ({@link #totalRate}). */
    private static ProducerSettings settings(List<ProducerStatus> statuses) {
        ProducerSettings first = statuses.get(0).settings();
        if (statuses.stream().anyMatch(s -> s.settings() == null)) {
            return first;
        }
        return first.withRate(totalRate(statuses));
    }

    /**
     * The group's rate: the sum of its instances' (unthrottled if any is). Summed, the even shares of
     * a total can miss it by a few ulps (0.9 / 3 three times is 0.8999999999999999); the sum is
     * rounded to 12 significant digits, so the total a scenario wrote comes back exactly.
     */
    private static double totalRate(List<ProducerStatus> statuses) {
        if (statuses.stream().anyMatch(s -> s.settings().unthrottled())) {
            return SettingsLimits.UNTHROTTLED;
        }
        double sum = statuses.stream().mapToDouble(s -> s.settings().rate()).sum();
        return new BigDecimal(sum).round(new MathContext(12)).doubleValue();
    }

    private static SenderCounters counters(List<ProducerStatus> statuses) {
        long sent = 0;
        long acked = 0;
        long failed = 0;
        long retries = 0;
        long errors = 0;
        Long bufferPoolWaitNs = 0L;
        for (ProducerStatus s : statuses) {
            SenderCounters c = s.counters();
            sent += c.sent();
            acked += c.acked();
            failed += c.failed();
            retries += c.retries();
            errors += c.errors();
            bufferPoolWaitNs = bufferPoolWaitNs == null || c.bufferPoolWaitNs() == null
                    ? null
                    : bufferPoolWaitNs + c.bufferPoolWaitNs();
        }
        // No one sequence spans several producers: the last is not meaningful for the group.
        return new SenderCounters(sent, acked, failed, -1, retries, errors, bufferPoolWaitNs);
    }

    private static List<PhaseSends> phases(List<ProducerStatus> statuses) {
        Map<Integer, List<PhaseSends>> byPhase = new LinkedHashMap<>();
        statuses.forEach(s -> s.phases().forEach(p -> byPhase.computeIfAbsent(p.phase(), k -> new ArrayList<>())
                .add(p)));
        List<PhaseSends> merged = new ArrayList<>();
        byPhase.values().forEach(parts -> merged.add(merge(parts.get(0).topic(), parts)));
        return merged;
    }

    static PhaseSends merge(String topic, List<PhaseSends> parts) {
        if (parts.size() == 1) {
            return parts.get(0);
        }
        Map<Integer, long[]> partitions = new TreeMap<>();
        long sent = 0;
        long acked = 0;
        long failed = 0;
        Percentiles worst = null;
        TransactionCounts transactions = null;
        for (PhaseSends p : parts) {
            sent += p.sent();
            acked += p.acked();
            failed += p.failed();
            worst = worst(worst, p.publishDelayMs());
            if (p.transactions() != null) {
                transactions = p.transactions().plus(transactions);
            }
            for (PartitionAcks a : p.partitions()) {
                partitions.merge(
                        a.partition(),
                        new long[] {
                            a.acked(), a.firstOffset(), a.lastOffset(), a.abortedRecords(), a.lastCommittedOffset()
                        },
                        (x, y) -> new long[] {
                            x[0] + y[0], Math.min(x[1], y[1]), Math.max(x[2], y[2]), x[3] + y[3], Math.max(x[4], y[4])
                        });
            }
        }
        List<PartitionAcks> acks = new ArrayList<>();
        partitions.forEach((partition, v) -> acks.add(new PartitionAcks(partition, v[0], v[1], v[2], v[3], v[4])));
        // Each instance's sender thread has its own time; merged, none is the group's.
        return new PhaseSends(parts.get(0).phase(), topic, sent, acked, failed, worst, acks, null, transactions);
    }

    private static Percentiles worst(Percentiles a, Percentiles b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        return new Percentiles(
                a.p10() == null || b.p10() == null ? null : Math.max(a.p10(), b.p10()),
                Math.max(a.p50(), b.p50()),
                Math.max(a.p90(), b.p90()),
                Math.max(a.p95(), b.p95()),
                Math.max(a.p99(), b.p99()),
                Math.max(a.p999(), b.p999()),
                Math.max(a.max(), b.max()));
    }
}
