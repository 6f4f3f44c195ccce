package dev.latencylab.runner.results;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Builds summary rows from the few figures a test cares about. */
final class Phases {

    private Phases() {}

    /** A complete row at 1000 records/s with no compression. */
    static PhaseSummary phase(
            String name, int linger, double p50, double p99, double cpuEach, double produce, double compressionRate) {
        return phase(name, linger, 1000, p50, p99, p99, cpuEach, produce, compressionRate, 1000.0);
    }

    static PhaseSummary phase(
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
                new PhaseSummary.GcPauses(2.5, 1.25, 12.0));
    }

    /** Counts of a closed phase of 50,000 acknowledged records. */
    static PhaseCounts counts(long lost, long duplicated) {
        return new PhaseCounts(50_000, 50_000, 0, 50_000 - lost, lost, 0, 0, duplicated, 0, 0, 0);
    }

    /** A row where Prometheus had nothing: every Prometheus figure null. */
    static PhaseSummary withoutPrometheus(String name, int linger, double p50, double p99) {
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
                PhaseSummary.GcPauses.NONE);
    }

    /** The same row as another repeat of its phase. */
    static PhaseSummary repeat(PhaseSummary p, int repeat) {
        return new PhaseSummary(
                p.name(),
                repeat,
                p.phaseId(),
                p.settings(),
                p.measuredFrom(),
                p.measuredTo(),
                p.measuredSeconds(),
                p.complete(),
                p.samples(),
                p.latencyMs(),
                p.correctedLatencyMs(),
                p.publishDelayMs(),
                p.achievedRate(),
                p.counts(),
                p.fenced(),
                p.description(),
                p.cpuCores(),
                p.requestsPerSecond(),
                p.bytesInPerSecond(),
                p.producer(),
                p.gcPauseMsPerSecond());
    }

    /** A summary of these rows, run in {@code count} interleaved repeats in the rows' order. */
    static RunSummary repeated(int count, List<PhaseSummary> rows) {
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
                RunSummary.Totals.NONE,
                null,
                List.of());
    }
}
