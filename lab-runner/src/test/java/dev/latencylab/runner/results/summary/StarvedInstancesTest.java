package dev.latencylab.runner.results.summary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.run.PhaseDescription;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each producer instance judged on its own share of the rate, not only the group on its total. */
class StarvedInstancesTest {

    @Test
    void oneInstanceOfFourAt92PercentOfItsShareIsNamedThoughTheGroupReached98() {
        // 4,000 records/s over 4 instances for 50 s: 50,000 each; one sent 46,000 (92 %), the group 98 %.
        PhaseSummary p = four(50_000, 50_000, 50_000, 46_000, 3_920.0);

        List<String> starved = StarvedInstances.of(List.of(p), PhaseSummary::name);

        assertThat(starved)
                .singleElement()
                .asString()
                .contains("x4: producer instance http://127.0.0.1:8086/ of 4 sent only 92")
                .contains("of its share (920 of 1000 records/s)")
                .contains("the group 98");
        assertThat(DeliveryReading.rates(List.of(p), PhaseSummary::name))
                .contains("Every measured phase reached at least")
                .contains("producer instance http://127.0.0.1:8086/ of 4 sent only 92")
                .contains("there the load was uneven");
    }

    @Test
    void instancesEachAtTheirShareAndASingleInstanceAreNotCalledOut() {
        assertThat(StarvedInstances.of(List.of(four(50_000, 49_500, 50_200, 49_900, 3_998.0)), PhaseSummary::name))
                .isEmpty();
        PhaseSummary single = Phases.phase("x1", 5, 4000, 2, 4, 4, 0.3, 400.0, 1.0, 3000.0);
        assertThat(StarvedInstances.of(List.of(single), PhaseSummary::name)).isEmpty();
    }

    @Test
    void ofTwoInstancesOneAt97PercentIsNamedWhileTheOtherKeptItsShare() {
        // 4,000 records/s over 2 instances for 50 s: 100,000 each. The group's mean (98.5 %) hides nothing here:
        // the group did not fall short alike, so each is judged against its own share.
        assertThat(StarvedInstances.of(List.of(two(100_000, 97_000, 3_940.0)), PhaseSummary::name))
                .singleElement()
                .asString()
                .contains("producer instance http://127.0.0.1:8082/ of 2 sent only 97");
        assertThat(StarvedInstances.of(List.of(two(100_000, 98_500, 3_985.0)), PhaseSummary::name))
                .as("within 98 % of its share")
                .isEmpty();
        assertThat(StarvedInstances.of(List.of(two(95_000, 94_500, 3_790.0)), PhaseSummary::name))
                .as("both held back alike (a broker failure): the group's own reading says so")
                .isEmpty();
    }

    private static PhaseSummary two(long a, long b, double achieved) {
        return instances("x2", achieved, a, b);
    }

    private static PhaseSummary four(long a, long b, long c, long d, double achieved) {
        return instances("x4", achieved, a, b, c, d);
    }

    /** A phase at 4,000 records/s driven by one producer instance per count, on ports 8080, 8082, ... */
    private static PhaseSummary instances(String name, double achieved, long... sent) {
        List<PhaseDescription.ProducerInstance> each = java.util.stream.IntStream.range(0, sent.length)
                .mapToObj(i -> new PhaseDescription.ProducerInstance(
                        "http://127.0.0.1:" + (8080 + 2 * i) + "/", sent[i], sent[i], 0.4))
                .toList();
        return Phases.withDescription(
                Phases.phase(name, 5, 4000, 2, 4, 4, 0.3, 400.0, 1.0, achieved),
                new PhaseDescription("lab.orders", List.of(0), null, List.of(), null, each));
    }
}
