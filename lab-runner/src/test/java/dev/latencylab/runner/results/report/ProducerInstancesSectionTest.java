package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.results.summary.Phases;
import dev.latencylab.runner.run.PhaseDescription;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProducerInstancesSectionTest {

    @Test
    void eachInstanceIsGivenItsShareOfThePhasesRate() {
        PhaseSummary p = Phases.withDescription(
                Phases.phase("x2", 5, 3000, 2, 4, 4, 0.3, 400.0, 1.0, 3000.0),
                new PhaseDescription(
                        "lab.orders",
                        List.of(0),
                        null,
                        List.of(),
                        null,
                        List.of(
                                new PhaseDescription.ProducerInstance("http://127.0.0.1:8080/", 75_000, 75_000, 0.4),
                                new PhaseDescription.ProducerInstance("http://127.0.0.1:8082/", 75_000, 75_000, 0.5))));

        String section = ProducerInstancesSection.render(List.of(p));

        assertThat(section)
                .contains(
                        "| phase | instances | instance | target rec/s | acked | acked rec/s | share |",
                        "| x2 | 2 | http://127.0.0.1:8080/ | 1500 | 75000 | 1500 | 50 % | 0.40 |",
                        "| x2 | 2 | http://127.0.0.1:8082/ | 1500 | 75000 | 1500 | 50 % | 0.50 |",
                        "| x2 | 2 | **total** | 3000 | 150000 | 3000 | 100 % | |");
    }
}
