package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.latency.ConsumerDescription;
import dev.latencylab.runner.faults.GroupChurn;
import dev.latencylab.runner.faults.Outage;
import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.results.summary.Phases;
import dev.latencylab.runner.run.PhaseDescription;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RebalanceSectionTest {

    private static PhaseSummary phase(String name, Map<String, String> consumerConfig, GroupChurn group) {
        Outage outage = new Outage(
                List.of(
                        new Outage.FaultStepTaken(20.0, "stop", 0, 3, null, 2.1, null),
                        new Outage.FaultStepTaken(60.2, "kill", 0, 2, List.of(2, 3), 0.4, null)),
                120.0,
                16_159L,
                1.06,
                48.06,
                46_416.0,
                List.of(new Outage.Episode(1.06, 47.46, 16_159)),
                new Outage.ProducerView(0L, 0L, 0L, null, null, 0),
                new Outage.ClusterView(0, 0, 0, null, 2, 400, 0),
                group,
                0.25);
        PhaseSummary p = Phases.withCounts(
                Phases.phase(name, 5, 2, 4, 0.3, 400, 1.0),
                new PhaseCounts(70_660, 70_660, 0, 70_660, 0, 0, 0, 0, 1_136, 0, 0, 0, 0, null, null));
        p = Phases.withDescription(
                p,
                new PhaseDescription(
                        "lab.orders." + name,
                        List.of(0, 1, 2, 3, 4, 5),
                        new ConsumerDescription(
                                "lab\\.orders(\\..+)?",
                                "latency-lab-consumer",
                                Map.of("group.protocol", "classic"),
                                consumerConfig),
                        List.of()));
        return Phases.withOutage(p, outage);
    }

    @Test
    void eachPhaseWithGroupChangesGetsItsRowWithTheProtocolAndAssignorItRan() {
        PhaseSummary classic = phase(
                "classic-range",
                Map.of(
                        "group.protocol", "classic",
                        "partition.assignment.strategy", "org.apache.kafka.clients.consumer.RangeAssignor"),
                new GroupChurn("classic", 3, 2, 3, 3, 5, 5.0, 480, 2));
        PhaseSummary kip848 = phase(
                "consumer-uniform",
                Map.of("group.protocol", "consumer", "group.remote.assignor", "uniform"),
                new GroupChurn("consumer", 3, 2, 3, 3, 4, 1.5, 480, 0));
        PhaseSummary brokerOnly = Phases.withOutage(
                Phases.phase("acks-all", 5, 2, 4, 0.3, 400, 1.0),
                new Outage(
                        List.of(new Outage.FaultStepTaken(20.0, "kill", 1, null, null, 1.0, null)),
                        100.0,
                        0L,
                        null,
                        null,
                        null,
                        List.of(),
                        new Outage.ProducerView(0L, 0L, 0L, null, null, 0),
                        new Outage.ClusterView(1, 0, 0, null, 2, 400, 0),
                        null,
                        0.25));

        String md = RebalanceSection.render(List.of(classic, kip848, brokerOnly));

        assertThat(md)
                .startsWith("## Consumer group changes")
                .contains(
                        "| classic-range | classic | Range | stop consumer-3 at 20.0 s, kill consumer-2 at 60.2 s (held [2, 3]) |"
                                + " 3, 2, 3, 3 | 5 | 5.0 | 16159 (120) | 46.4 (16159) | 21.1-67.5 (16159) | 46416 | 1136 |"
                                + " 70660 | 70660 | 0 |")
                .contains("| consumer-uniform | consumer | uniform |")
                .doesNotContain("acks-all");
        assertThat(RebalanceSection.render(List.of(brokerOnly))).isEmpty();
    }

    @Test
    void theAssignorIsTheClientsDefaultOrTheBrokersWhenThePhaseNamesNone() {
        GroupChurn g = new GroupChurn("classic", 3, 2, 3, 3, 0, 0, 1, 0);
        assertThat(RebalanceSection.assignor(phase("c", Map.of(), g)))
                .isEqualTo("client's default (range, cooperative-sticky)");
        assertThat(RebalanceSection.assignor(phase("k", Map.of("group.protocol", "consumer"), g)))
                .isEqualTo("broker's default");
    }
}
