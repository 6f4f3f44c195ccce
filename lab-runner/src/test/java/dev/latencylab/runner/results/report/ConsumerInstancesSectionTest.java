package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.results.summary.Phases;
import dev.latencylab.runner.run.PhaseDescription;
import dev.latencylab.runner.run.PhaseDescription.ConsumerInstance;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConsumerInstancesSectionTest {

    /** A phase measured over 50 s, read by these instances. */
    private static PhaseSummary readBy(String name, ConsumerInstance... instances) {
        return Phases.withDescription(
                Phases.phase(name, 5, 3000, 2, 4, 4, 0.3, 400.0, 1.0, 3000.0),
                new PhaseDescription("lab.orders", List.of(0, 1, 2), null, List.of(instances)));
    }

    @Test
    void eachInstanceShowsItsPartOfTheGroupsRecords() {
        PhaseSummary p = readBy(
                "pair",
                new ConsumerInstance("http://127.0.0.1:8081/", 90_000, List.of(0, 2)),
                new ConsumerInstance("http://127.0.0.1:8083/", 30_000, List.of()));

        String section = ConsumerInstancesSection.render(List.of(p));

        assertThat(section)
                .startsWith("## Consumer instances\n\nThe consumer group had several consumer-app instances")
                .contains("\n\n| phase | instance | records | share | rec/s | partitions |\n"
                        + "|---|---|---:|---:|---:|---|\n"
                        + "| pair | http://127.0.0.1:8081/ | 90000 | 75 % | ")
                .contains(" | 0, 2 |\n| pair | http://127.0.0.1:8083/ | 30000 | 25 % | ")
                .endsWith(" | none |\n\n");
    }

    @Test
    void oneInstanceIsNoSection() {
        PhaseSummary p = readBy("one", new ConsumerInstance("http://127.0.0.1:8081/", 9, List.of(0)));

        assertThat(ConsumerInstancesSection.render(List.of(p))).isEmpty();
    }
}
