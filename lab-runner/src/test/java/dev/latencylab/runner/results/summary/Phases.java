package dev.latencylab.runner.results.summary;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsLimits;
import dev.latencylab.runner.faults.Outage;
import dev.latencylab.runner.run.PhaseDescription;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Builds summary rows from the few figures a test cares about. Public for the tests of the report,
 * which render these rows.
 */
public final class Phases {

    private Phases() {}

    /** A complete row at 1000 records/s with no compression. */
    public static PhaseSummary phase(
            String name, int linger, double p50, double p99, double cpuEach, double produce, double compressionRate) {
        return phase(name, linger, 1000, p50, p99, p99, cpuEach, produce, compressionRate, 1000.0);
    }

    public static PhaseSummary phase(
            String name,
            int linger,
            double rate,
            double p50,
            double p99,
            double correctedP99,
            double cpuEach,
            Double produce,
            Double compressionRate,
            Double achieved) {
        Instant from = Instant.parse("2026-11-21T23:50:00Z").plusSeconds(60L * linger);
        return new PhaseSummary(
                name,
                1,
                1,
                new ProducerSettings(linger, 16384, Compression.NONE, rate, 400, KeyStrategy.ORDER_ID),
                from,
                from.plusSeconds(50),
                50,
                true,
                50_000L,
                0L,
                new PhaseSummary.Latency(p50, p50 * 1.4, p99, p99 * 1.5, p99 * 2),
                new PhaseSummary.Latency(p50 * 1.05, p50 * 1.5, correctedP99, correctedP99 * 1.5, correctedP99 * 2),
                PhaseSummary.Latency.NONE,
                achieved,
                Phases.counts(0L, 0L),
                true,
                null,
                new PhaseSummary.Cpu(
                        cpuEach, cpuEach, Map.of("1", cpuEach, "2", cpuEach, "3", cpuEach), 3 * cpuEach, 5 * cpuEach),
                new PhaseSummary.Requests(
                        produce, produce == null ? null : produce / 3, produce == null ? null : produce * 2),
                480_000.0,
                new PhaseSummary.Batching(
                        2.0 + linger,
                        480.0 * (2.0 + linger),
                        450.0,
                        800.0 + 100 * linger,
                        compressionRate,
                        0.5 + linger),
                new PhaseSummary.GcPauses(2.5, 1.25, 12.0),
                null,
                null,
                null);
    }

    /** A linger sweep on the lab topic: linger.ms 0, 5 and 20 at 1000 records/s, latency rising with linger. */
    public static List<PhaseSummary> sweep() {
        return List.of(
                phase("linger-0", 0, 2.0, 8.0, 0.2, 1000, 1.0),
                phase("linger-5", 5, 4.0, 10.0, 0.15, 400, 1.0),
                phase("linger-20", 20, 12.0, 24.0, 0.10, 100, 1.0));
    }

    /** Counts of a closed phase of 50,000 acknowledged records. */
    public static PhaseCounts counts(long lost, long duplicated) {
        return new PhaseCounts(50_000, 50_000, 0, 50_000 - lost, lost, 0, 0, duplicated, 0, 0, 0, 0, 0, null, null);
    }

    /** A row where Prometheus had nothing: every Prometheus figure null. */
    public static PhaseSummary withoutPrometheus(String name, int linger, double p50, double p99) {
        Instant from = Instant.parse("2026-11-21T23:50:00Z");
        return new PhaseSummary(
                name,
                1,
                1,
                new ProducerSettings(linger, 16384, Compression.NONE, 1000, 400, KeyStrategy.ORDER_ID),
                from,
                from.plusSeconds(50),
                50,
                true,
                50_000L,
                0L,
                new PhaseSummary.Latency(p50, null, p99, null, null),
                new PhaseSummary.Latency(p50, null, p99, null, null),
                PhaseSummary.Latency.NONE,
                999.0,
                Phases.counts(0L, 0L),
                true,
                null,
                new PhaseSummary.Cpu(null, null, Map.of(), null, null),
                new PhaseSummary.Requests(null, null, null),
                null,
                PhaseSummary.Batching.NONE,
                PhaseSummary.GcPauses.NONE,
                null,
                null,
                null);
    }

    /**
     * A cell of the compression matrix, "linger-5-zstd": 2000 records/s on its own 3-partition topic
     * of {@code bytesPerRecord} per record (null: not measured), every process at {@code cpu} cores.
     */
    public static PhaseSummary cell(int linger, Compression codec, double p99, double cpu, Double bytesPerRecord) {
        PhaseSummary p = withSettings(
                phase("linger-" + linger + "-" + codec, linger, 2000, p99 / 3, p99, p99, cpu, 500.0, 1.0, 2000.0),
                new ProducerSettings(linger, 16384, codec, 2000, 1024, KeyStrategy.ORDER_ID));
        return bytesPerRecord == null ? p : onOwnTopic(p, 3, bytesPerRecord);
    }

    /**
     * A phase of the partitions scenario, "p10-keyless-2000" or "p10-keyed-unthrottled", on its own
     * topic of {@code partitions} partitions.
     */
    public static PhaseSummary partitioned(
            int partitions, KeyStrategy keys, double rate, double achieved, double p99, double delayP99) {
        String name = "p" + partitions + "-" + (keys == KeyStrategy.NONE ? "keyless" : "keyed") + "-"
                + (rate == SettingsLimits.UNTHROTTLED ? "unthrottled" : Fmt.rate(rate));
        PhaseSummary p = withSettings(
                phase(name, 5, rate, p99 / 4, p99, p99, 0.3, 400.0, 1.0, achieved),
                new ProducerSettings(5, 16384, Compression.NONE, rate, 1024, keys));
        return onOwnTopic(
                withPublishDelay(p, new PhaseSummary.Latency(delayP99 / 4, delayP99 / 2, delayP99, delayP99, delayP99)),
                partitions,
                1100);
    }

    /** The same row as another repeat of its phase. */
    public static PhaseSummary repeat(PhaseSummary p, int repeat) {
        return copy(p, repeat, p.settings(), p.publishDelayMs(), p.description(), p.counts(), p.outage(), p.drain());
    }

    /** The same row with other producer settings. */
    public static PhaseSummary withSettings(PhaseSummary p, ProducerSettings settings) {
        return copy(p, p.repeat(), settings, p.publishDelayMs(), p.description(), p.counts(), p.outage(), p.drain());
    }

    /** The same row with the producer's publish delay. */
    public static PhaseSummary withPublishDelay(PhaseSummary p, PhaseSummary.Latency delay) {
        return copy(p, p.repeat(), p.settings(), delay, p.description(), p.counts(), p.outage(), p.drain());
    }

    /** The same row with what it ran on (topic, partitions written to, consumer). */
    public static PhaseSummary withDescription(PhaseSummary p, PhaseDescription description) {
        return copy(p, p.repeat(), p.settings(), p.publishDelayMs(), description, p.counts(), p.outage(), p.drain());
    }

    /** The same row with other counts. */
    public static PhaseSummary withCounts(PhaseSummary p, PhaseCounts counts) {
        return copy(p, p.repeat(), p.settings(), p.publishDelayMs(), p.description(), counts, p.outage(), p.drain());
    }

    /** The same row with a fault's outage. */
    /** {@code p} with {@code drain} as its drain. */
    public static PhaseSummary withDrain(PhaseSummary p, PhaseSummary.Drain drain) {
        return copy(p, p.repeat(), p.settings(), p.publishDelayMs(), p.description(), p.counts(), p.outage(), drain);
    }

    public static PhaseSummary withOutage(PhaseSummary p, Outage outage) {
        return copy(p, p.repeat(), p.settings(), p.publishDelayMs(), p.description(), p.counts(), outage, p.drain());
    }

    /** The same row on its own topic of {@code partitions} partitions holding {@code bytesPerRecord} per record. */
    public static PhaseSummary onOwnTopic(PhaseSummary p, int partitions, double bytesPerRecord) {
        long records = 10_000;
        return p.withDisk(new PhaseSummary.Disk(
                "lab.orders." + p.name(),
                partitions,
                Math.round(bytesPerRecord * records),
                records,
                bytesPerRecord,
                null));
    }

    /** The same row cut short in its window. */
    public static PhaseSummary cutShort(PhaseSummary p) {
        return copy(
                p,
                p.repeat(),
                p.settings(),
                p.publishDelayMs(),
                p.description(),
                p.counts(),
                p.outage(),
                p.drain(),
                false);
    }

    private static PhaseSummary copy(
            PhaseSummary p,
            int repeat,
            ProducerSettings settings,
            PhaseSummary.Latency publishDelay,
            PhaseDescription description,
            PhaseCounts counts,
            Outage outage,
            PhaseSummary.Drain drain) {
        return copy(p, repeat, settings, publishDelay, description, counts, outage, drain, p.complete());
    }

    private static PhaseSummary copy(
            PhaseSummary p,
            int repeat,
            ProducerSettings settings,
            PhaseSummary.Latency publishDelay,
            PhaseDescription description,
            PhaseCounts counts,
            Outage outage,
            PhaseSummary.Drain drain,
            boolean complete) {
        return new PhaseSummary(
                p.name(),
                repeat,
                p.phaseId(),
                settings,
                p.measuredFrom(),
                p.measuredTo(),
                p.measuredSeconds(),
                complete,
                p.samples(),
                p.unsampled(),
                p.latencyMs(),
                p.correctedLatencyMs(),
                publishDelay,
                p.achievedRate(),
                counts,
                p.fenced(),
                description,
                p.cpuCores(),
                p.requestsPerSecond(),
                p.bytesInPerSecond(),
                p.producer(),
                p.gcPauseMsPerSecond(),
                p.disk(),
                drain,
                outage);
    }

    /** Keyed unthrottled (records/s at 1, 10, 100) and keyless at 2000 records/s (e2e p99 at 1, 10, 100). */
    public static List<PhaseSummary> partitions(double[] keyedRates, double[] keylessP99) {
        return List.of(
                partitioned(1, KeyStrategy.ORDER_ID, SettingsLimits.UNTHROTTLED, keyedRates[0], 900.0, 400.0),
                partitioned(1, KeyStrategy.NONE, 2000, 2000.0, keylessP99[0], 0.5),
                partitioned(10, KeyStrategy.ORDER_ID, SettingsLimits.UNTHROTTLED, keyedRates[1], 800.0, 300.0),
                partitioned(10, KeyStrategy.NONE, 2000, 2000.0, keylessP99[1], 0.4),
                partitioned(100, KeyStrategy.ORDER_ID, SettingsLimits.UNTHROTTLED, keyedRates[2], 1200.0, 500.0),
                partitioned(100, KeyStrategy.NONE, 2000, 2000.0, keylessP99[2], 2.0));
    }

    /** A drain of 20,000 records at {@code rate}/s with the consumer at {@code cores}. */
    public static PhaseSummary drain(String name, String consumer, double rate, Double cores, double commits) {
        PhaseSummary p = phase(name, 0, 2000, 900, 4000, 4000, 0.3, 100.0, 1.0, null);
        return new PhaseSummary(
                p.name(),
                p.repeat(),
                p.phaseId(),
                p.settings(),
                p.measuredFrom(),
                p.measuredTo(),
                p.measuredSeconds(),
                p.complete(),
                p.samples(),
                p.unsampled(),
                p.latencyMs(),
                p.correctedLatencyMs(),
                p.publishDelayMs(),
                null,
                p.counts(),
                p.fenced(),
                p.description(),
                new PhaseSummary.Cpu(0.1, cores, Map.of("1", 0.3), 0.3, cores == null ? null : 0.4 + cores),
                new PhaseSummary.Requests(100.0, 10.0, 20.0, commits),
                p.bytesInPerSecond(),
                p.producer(),
                p.gcPauseMsPerSecond(),
                null,
                new PhaseSummary.Drain(20_000L, 20_000L, 20_000 / rate, rate, consumer),
                null);
    }

    /** Three drains of one backlog, by record, in batches of 50 and of 300. */
    public static final List<PhaseSummary> DRAIN_MODES = List.of(
            drain("record", "record, in-order, commit record sync, wait 1000 µs", 900, 0.05, 900),
            drain("batch-50-per-key", "batch 50, per-key x 50, commit batch sync, wait 1000 µs", 30_000, 0.5, 600),
            drain("batch-300-per-key", "batch 300, per-key x 300, commit batch sync, wait 1000 µs", 40_000, 1.2, 130));

    /** A phase at {@code linger} with {@code codec} whose own topic holds {@code bytes} for {@code records}. */
    public static PhaseSummary onDisk(String name, int linger, Compression codec, long bytes, long records) {
        PhaseSummary p = withoutPrometheus(name, linger, 2.0, 5.0);
        ProducerSettings s = p.settings();
        return withSettings(
                        p,
                        new ProducerSettings(
                                s.lingerMs(), s.batchSize(), codec, s.rate(), s.payloadBytes(), s.keyStrategy()))
                .withDisk(
                        new PhaseSummary.Disk("lab.orders." + name, 3, bytes, records, (double) bytes / records, null));
    }

    /** The same row with its size on disk given as {@code ratio} to compression none. */
    public static PhaseSummary withRatioToNone(PhaseSummary p, Double ratio) {
        PhaseSummary.Disk d = p.disk();
        return p.withDisk(
                new PhaseSummary.Disk(d.topic(), d.partitions(), d.bytes(), d.records(), d.bytesPerRecord(), ratio));
    }

    /** The rows with each phase's size on disk as a ratio to compression none, as the summary gives them. */
    public static List<PhaseSummary> withDiskRatios(List<PhaseSummary> rows) {
        return DiskRatios.fill(rows);
    }

    /** A summary of these rows, run in {@code count} interleaved repeats in the rows' order. */
    public static RunSummary repeated(int count, List<PhaseSummary> rows) {
        return new RunSummary(
                "sweep",
                null,
                Instant.parse("2026-11-21T23:50:00Z"),
                Instant.parse("2026-11-21T23:59:00Z"),
                true,
                null,
                2,
                new RunSummary.Repeats(
                        count,
                        5L,
                        rows.stream().map(r -> r.name() + "#" + r.repeat()).toList(),
                        null,
                        null),
                null,
                rows,
                RunSummary.RunTotals.NONE,
                null,
                List.of(),
                null,
                null,
                List.of());
    }
}
