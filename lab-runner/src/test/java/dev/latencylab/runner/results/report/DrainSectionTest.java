package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.results.summary.Phases;
import java.util.List;
import org.junit.jupiter.api.Test;

class DrainSectionTest {

    @Test
    void eachDrainIsComparedWithTheFirst() {
        assertThat(DrainSection.render(Phases.DRAIN_MODES))
                .contains("## Draining a backlog")
                .contains(
                        "| batch-50-per-key | batch 50, per-key x 50, commit batch sync, wait 1000 µs | 20000 | 20000 |"
                                + " 0.7 | 30000 | 33.33 | 0.50 | 10.00 | 60000 | 600 |");
    }

    @Test
    void whatWasNotSeenIsNotAvailableNotZeroNorTheBacklogAsked() {
        PhaseSummary unseen = Phases.withDrain(
                Phases.DRAIN_MODES.get(1),
                new PhaseSummary.Drain(
                        null, null, null, null, "batch 50, per-key x 50, commit batch sync, wait 1000 µs"));

        assertThat(DrainSection.render(List.of(Phases.DRAIN_MODES.get(0), unseen)))
                .contains(
                        "| batch-50-per-key | batch 50, per-key x 50, commit batch sync, wait 1000 µs | n/a | n/a | n/a |");
    }

    @Test
    void withoutDrainsThereIsNoSection() {
        assertThat(DrainSection.render(Phases.sweep())).isEmpty();
    }
}
