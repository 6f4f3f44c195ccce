package dev.latencylab.runner.diff;

import dev.latencylab.runner.results.Fmt;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The figures the diff knows by name, with their better direction: latency, delays, CPU,
 * requests and the counts of trouble are better lower; the achieved rate and batching better
 * higher; what only describes the load (samples, records sent) has no better direction. A figure
 * not listed here (one a later runner adds to summary.json) is still diffed, under its key and
 * with no direction, so the diff never drops a figure it has not heard of.
 */
final class FigureCatalog {

    private static final String BROKER_CPU = "cpuCores.brokers.";
    private static final Map<String, Figure> KNOWN = new LinkedHashMap<>();

    static {
        add("samples", "samples", "samples", Better.NONE, Fmt::count);
        percentiles("latencyMs.", "e2e.", "e2e ");
        percentiles("correctedLatencyMs.", "e2e.corrected.", "e2e corrected ");
        percentiles("publishDelayMs.", "publish-delay.", "publish delay ");
        add("measuredSeconds", "measured-seconds", "measured window (s)", Better.NONE, Fmt::rate);
        add("achievedRate", "achieved-rate", "achieved rate (records/s)", Better.HIGHER, Fmt::rate);
        add("achievedShare", "achieved-share", "achieved / target rate", Better.HIGHER, Fmt::percent);
        add("ackedRate", "acked-rate", "acked rate (records/s)", Better.HIGHER, Fmt::rate);
        add("fenced", "closed", "phase closed (1 = yes)", Better.HIGHER, Fmt::count);
        add("counts.sent", "sent", "sent", Better.NONE, Fmt::count);
        add("counts.acked", "acked", "acked", Better.NONE, Fmt::count);
        add("counts.failed", "failed", "failed", Better.LOWER, Fmt::count);
        add("counts.received", "received", "received", Better.NONE, Fmt::count);
        add("counts.lost", "lost", "lost", Better.LOWER, Fmt::count);
        add("counts.unobserved", "unobserved", "unobserved", Better.LOWER, Fmt::count);
        add("counts.unread", "unread", "unread", Better.LOWER, Fmt::count);
        add(
                "counts.storedDespiteFailure",
                "stored-despite-failure",
                "stored despite failure",
                Better.LOWER,
                Fmt::count);
        add("counts.late", "late", "late", Better.LOWER, Fmt::count);
        add("counts.duplicated", "duplicated", "duplicated", Better.LOWER, Fmt::count);
        add("counts.redelivered", "redelivered", "redelivered", Better.LOWER, Fmt::count);
        add("counts.outOfOrder", "out-of-order", "out of order", Better.LOWER, Fmt::count);
        add("counts.clamped", "clamped", "clamped", Better.LOWER, Fmt::count);
        add("cpuCores.producer", "cpu.producer", "CPU producer (cores)", Better.LOWER, Fmt::cores);
        add("cpuCores.consumer", "cpu.consumer", "CPU consumer (cores)", Better.LOWER, Fmt::cores);
        add("cpuCores.brokersTotal", "cpu.brokers", "CPU brokers (cores)", Better.LOWER, Fmt::cores);
        add("cpuCores.total", "cpu.total", "CPU total (cores)", Better.LOWER, Fmt::cores);
        add("requestsPerSecond.produce", "requests.produce", "Produce requests/s", Better.LOWER, Fmt::rate);
        add(
                "requestsPerSecond.fetchConsumer",
                "requests.fetch-consumer",
                "FetchConsumer requests/s",
                Better.LOWER,
                Fmt::rate);
        add(
                "requestsPerSecond.fetchFollower",
                "requests.fetch-follower",
                "FetchFollower requests/s",
                Better.LOWER,
                Fmt::rate);
        add("bytesInPerSecond", "bytes-in", "bytes in (kB/s)", Better.LOWER, Fmt::kiloBytes);
        add(
                "producer.recordsPerRequest",
                "records-per-request",
                "records / request (client)",
                Better.HIGHER,
                Fmt::ratio);
        // Bytes per request fall when compression improves and rise when batches fill: no better direction.
        add("producer.bytesPerRequest", "bytes-per-request", "bytes / request (client)", Better.NONE, Fmt::rate);
        add("producer.batchBytesPerRecord", "batch-bytes-per-record", "batch bytes / record", Better.LOWER, Fmt::rate);
        add("producer.batchSizeAvg", "batch-size-avg", "batch-size-avg B (trailing)", Better.NONE, Fmt::rate);
        add(
                "producer.compressionRateAvg",
                "compression-rate-avg",
                "compression-rate-avg (trailing)",
                Better.LOWER,
                Fmt::ratio);
        add(
                "producer.recordQueueTimeAvgMs",
                "record-queue-time-avg",
                "record-queue-time-avg ms (trailing)",
                Better.LOWER,
                Fmt::ms);
        // Written by runners before the counted records / request: the client's own trailing average.
        add(
                "producer.recordsPerRequestAvg",
                "records-per-request-avg",
                "records / request (trailing avg)",
                Better.HIGHER,
                Fmt::ratio);
        add(
                "recordsPerProduceRequest",
                "records-per-produce-request",
                "records / Produce request (brokers)",
                Better.HIGHER,
                Fmt::ratio);
        add("gcPauseMsPerSecond.producer", "gc.producer", "GC pause producer (ms/s)", Better.LOWER, Fmt::ms);
        add("gcPauseMsPerSecond.consumer", "gc.consumer", "GC pause consumer (ms/s)", Better.LOWER, Fmt::ms);
        add("gcPauseMsPerSecond.brokers", "gc.brokers", "GC pause brokers (ms/s)", Better.LOWER, Fmt::ms);
        add("disk.bytesPerRecord", "disk.bytes-per-record", "bytes on disk / record", Better.LOWER, Fmt::rate);
        add(
                "disk.ratioToNone",
                "disk.ratio-to-none",
                "bytes on disk / record, ratio to none",
                Better.LOWER,
                Fmt::ratio);
    }

    private FigureCatalog() {}

    /** The figure under this summary.json key: known, a broker's CPU, or an unknown one under its key. */
    static Figure of(String key) {
        Figure known = KNOWN.get(key);
        if (known != null) {
            return known;
        }
        if (key.startsWith(BROKER_CPU)) {
            String id = key.substring(BROKER_CPU.length());
            return new Figure(key, "cpu.broker." + id, "CPU broker " + id + " (cores)", Better.LOWER, Fmt::cores);
        }
        return new Figure(key, key, key, Better.NONE, Fmt::ms);
    }

    /** The figure --fail-on names, by its name or its summary.json key: one the catalog knows or the runs hold. */
    static Optional<Figure> named(String name, Collection<String> keysInRuns) {
        return figures(keysInRuns).stream()
                .filter(f -> f.name().equals(name) || f.key().equals(name))
                .findFirst();
    }

    /** Every name --fail-on takes for these runs, in the catalog's order, then the runs' other figures. */
    static List<String> names(Collection<String> keysInRuns) {
        return figures(keysInRuns).stream().map(Figure::name).toList();
    }

    private static List<Figure> figures(Collection<String> keysInRuns) {
        Set<String> keys = new LinkedHashSet<>(KNOWN.keySet());
        keys.addAll(keysInRuns);
        List<Figure> figures = new ArrayList<>();
        keys.forEach(k -> figures.add(of(k)));
        return figures;
    }

    private static void percentiles(String keyPrefix, String namePrefix, String labelPrefix) {
        Map<String, String> shown = Map.of("p50", "p50", "p95", "p95", "p99", "p99", "p999", "p99.9", "max", "max");
        for (String p : List.of("p50", "p95", "p99", "p999", "max")) {
            add(keyPrefix + p, namePrefix + shown.get(p), labelPrefix + shown.get(p) + " (ms)", Better.LOWER, Fmt::ms);
        }
    }

    private static void add(String key, String name, String label, Better better, Function<Double, String> format) {
        KNOWN.put(key, new Figure(key, name, label, better, format));
    }
}
