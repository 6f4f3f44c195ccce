package dev.latencylab.runner.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DrainSectionTest {

    /** A drain of 20,000 records at {@code rate}/s with the consumer at {@code cores}. */
    private static PhaseSummary drain(String name, String consumer, double rate, Double cores, double commits) {
        PhaseSummary p = Phases.phase(name, 0, 2000, 900, 4000, 4000, 0.3, 100.0, 1.0, null);
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
                new PhaseSummary.Drain(20_000, 20_000, 20_000 / rate, rate, consumer),
                null);
    }

    private static final List<PhaseSummary> MODES = List.of(
            drain("record", "record, in-order, commit record sync, wait 1000 µs", 900, 0.05, 900),
            drain("batch-50-per-key", "batch 50, per-key x 50, commit batch sync, wait 1000 µs", 30_000, 0.5, 600),
            drain("batch-300-per-key", "batch 300, per-key x 300, commit batch sync, wait 1000 µs", 40_000, 1.2, 130));

    @Test
    void eachDrainIsComparedWithTheFirstAndTheCheapestPerRecordIsNamed() {
        String md = DrainSection.render(MODES) + DrainSection.reading(MODES, MODES.get(0));

        assertThat(md)
                .contains("## Draining a backlog")
                .contains(
                        "| batch-50-per-key | batch 50, per-key x 50, commit batch sync, wait 1000 µs | 20000 | 20000 |"
                                + " 0.7 | 30000 | 33.33 | 0.50 | 10.00 | 60000 | 600 |")
                .contains("The fastest drain, batch-300-per-key, processed 44.44x the records per second of record"
                        + " for 24.00x its consumer CPU.")
                // 60,000 rec per CPU-s for batch 50 against 33,333 for batch 300 and 18,000 for record.
                .contains("The most records per CPU-second came from batch-50-per-key (batch 50, per-key x 50, commit"
                        + " batch sync, wait 1000 µs, 30000 rec/s at 0.50 cores): a CPU-conscious choice, giving up 25%"
                        + " of the fastest rate for 44% less CPU per record.");
    }

    @Test
    void withoutDrainsThereIsNoSectionAndWithoutCpuNoChoice() {
        assertThat(DrainSection.render(Phases.sweep())).isEmpty();
        assertThat(TradeOffReading.read(MODES, 2).paragraph())
                .as("a run of drains is read as drains, not as producer settings")
                .startsWith("The fastest drain, batch-300-per-key")
                .doesNotContain("linger.ms");
        PhaseSummary noCpu = drain("x", "c", 100, null, 1);

        assertThat(DrainSection.reading(List.of(noCpu), noCpu)).startsWith("Without consumer CPU");
        // The fastest drain too short for Prometheus to see its CPU: no weighing, no failure.
        PhaseSummary fastWithoutCpu = drain("fast", "batch 300", 50_000, null, 1);
        assertThat(DrainSection.reading(List.of(MODES.get(0), fastWithoutCpu), MODES.get(0)))
                .contains("The fastest drain, fast, processed 55.56x the records per second of record (the consumer CPU"
                        + " of one of the two was not measured).")
                .contains("the fastest's CPU was not measured");
    }
}
