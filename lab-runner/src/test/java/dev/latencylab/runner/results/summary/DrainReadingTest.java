package dev.latencylab.runner.results.summary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.latency.ConsumerDescription;
import dev.latencylab.api.latency.KeyOrder;
import dev.latencylab.runner.run.PhaseDescription;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DrainReadingTest {

    private static final List<PhaseSummary> MODES = Phases.DRAIN_MODES;

    @Test
    void theCheapestPerRecordIsNamed() {
        assertThat(DrainReading.read(MODES, MODES.get(0)))
                .contains("The fastest drain, batch-300-per-key, processed 44.44x the records per second of record"
                        + " for 24.00x its consumer CPU.")
                // 60,000 rec per CPU-s for batch 50 against 33,333 for batch 300 and 18,000 for record.
                .contains("The most records per CPU-second came from batch-50-per-key (batch 50, per-key x 50, commit"
                        + " batch sync, wait 1000 µs, 30000 rec/s at 0.50 cores): a CPU-conscious choice, giving up 25 %"
                        + " of the fastest rate for 44 % less CPU per record.");
    }

    @Test
    void aRunOfDrainsIsReadAsDrainsAndWithoutCpuNoChoice() {
        assertThat(TradeOffReading.read(MODES, 2).paragraph())
                .as("a run of drains is read as drains, not as producer settings")
                .startsWith("The fastest drain, batch-300-per-key")
                .doesNotContain("linger.ms");
        PhaseSummary noCpu = Phases.drain("x", "c", 100, null, 1);

        assertThat(DrainReading.read(List.of(noCpu), noCpu)).startsWith("Without consumer CPU");
        // The fastest drain too short for Prometheus to see its CPU: no weighing, no failure.
        PhaseSummary fastWithoutCpu = Phases.drain("fast", "batch 300", 50_000, null, 1);
        assertThat(DrainReading.read(List.of(MODES.get(0), fastWithoutCpu), MODES.get(0)))
                .contains("The fastest drain, fast, processed 55.56x the records per second of record (the consumer CPU"
                        + " of one of the two was not measured).")
                .contains("the fastest's CPU was not measured");
    }

    @Test
    void theCheapestIsSaidOfTheDrainsWhoseCpuWasMeasuredNamingTheOthers() {
        PhaseSummary slowWithoutCpu = Phases.drain("slow", "batch 10", 500, null, 1);
        List<PhaseSummary> drains = List.of(MODES.get(0), MODES.get(1), MODES.get(2), slowWithoutCpu);

        assertThat(DrainReading.read(drains, MODES.get(0)))
                .contains("The most records per CPU-second of the drains whose consumer CPU was measured (not slow)"
                        + " came from batch-50-per-key");
    }

    @Test
    void aFastestDrainInAModeThatKeepsNoKeyOrderIsPickedOnlyWhereNoKeyNeedsIt() {
        PhaseSummary group = MODES.get(0);
        PhaseSummary share = shareDrain(new KeyOrder(9_900, 9_800, 600, 0));

        assertThat(DrainReading.read(List.of(group, share), group))
                .contains(
                        "It was also the cheapest per record: the one to pick where no key's records must be processed"
                                + " in order.")
                .contains("share-12 keeps no key's records in order: it processed a record after a later one of the"
                        + " same key for 600 of its 9800 keys with two records or more.")
                .doesNotContain("CPU-conscious or not");
        // A run in which it happened to lose none does not make it a mode that keeps the order.
        assertThat(DrainReading.read(List.of(group, shareDrain(new KeyOrder(9_900, 9_800, 0, 0))), group))
                .contains("the one to pick where no key's records must be processed in order.")
                .contains("share-12 keeps no key's records in order, though none was processed out of order here.");
    }

    private static PhaseSummary shareDrain(KeyOrder keys) {
        PhaseSummary p = Phases.withCounts(
                Phases.drain("share-12", "share group x 12", 40_000, 0.5, 0),
                new PhaseCounts(20_000, 20_000, 0, 20_000, 0, 0, 0, 0, 0, 9_000, 0, 0, 0, null, keys));
        return Phases.withDescription(
                p,
                new PhaseDescription(
                        "lab.orders.share-12",
                        List.of(0, 1, 2),
                        new ConsumerDescription("lab\\.orders(\\..+)?", "g", Map.of("listener", "share")),
                        List.of()));
    }
}
