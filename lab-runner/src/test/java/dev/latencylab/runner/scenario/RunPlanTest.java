package dev.latencylab.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RunPlanTest {

    private static final List<String> NAMES = List.of("a", "b", "c", "d");

    private static Scenario scenario(int repeat) {
        return new Scenario(
                "s",
                null,
                IntStream.range(0, NAMES.size())
                        .mapToObj(i -> new Phase(
                                NAMES.get(i),
                                new ProducerSettings(i, 16384, Compression.NONE, 1000, 400, KeyStrategy.ORDER_ID),
                                Duration.ofSeconds(5),
                                Duration.ofSeconds(15)))
                        .toList(),
                repeat);
    }

    @Test
    void oneRepeatIsTheFilesOrderWhateverTheSeed() {
        for (long seed : new long[] {0, 1, 42, -7}) {
            RunPlan plan = RunPlan.of(scenario(1), seed);

            assertThat(plan.phases()).extracting(Phase::name).containsExactlyElementsOf(NAMES);
            assertThat(plan.phases()).extracting(Phase::repeat).containsOnly(1);
            assertThat(plan.labels()).containsExactlyElementsOf(NAMES);
        }
    }

    @Test
    void repeatsInterleaveWholeRoundsEachAPermutationOfThePhases() {
        RunPlan plan = RunPlan.of(scenario(3), 42);

        assertThat(plan.phases()).hasSize(12);
        for (int round = 1; round <= 3; round++) {
            List<Phase> slice = plan.phases().subList((round - 1) * 4, round * 4);
            assertThat(slice).extracting(Phase::name).containsExactlyInAnyOrderElementsOf(NAMES);
            assertThat(slice).extracting(Phase::repeat).containsOnly(round);
        }
        assertThat(plan.labels()).startsWith(plan.phases().get(0).name() + "#1");
        assertThat(plan.total()).isEqualTo(Duration.ofSeconds(12 * 20));
    }

    @Test
    void theSameSeedGivesTheSameOrderAndOtherSeedsOtherOrders() {
        RunPlan once = RunPlan.of(scenario(5), 1234);
        RunPlan again = RunPlan.of(scenario(5), 1234);

        assertThat(again.labels()).isEqualTo(once.labels());
        Set<List<String>> orders = new HashSet<>();
        for (long seed = 0; seed < 20; seed++) {
            orders.add(RunPlan.of(scenario(5), seed).labels());
        }
        // 24^5 possible orders: twenty seeds giving fewer than ten distinct ones would mean no shuffle.
        assertThat(orders).hasSizeGreaterThan(10);
    }

    @Test
    void smallSeedsShuffleTheFirstRoundToo() {
        // Two phases, seeds as people type them: the first round should start with either phase about
        // half the time (java.util.Random kept the file's order for every seed from 0 to 11).
        Scenario two = new Scenario("two", null, scenario(1).phases().subList(0, 2), 2);
        long swapped = IntStream.range(0, 20)
                .filter(seed -> RunPlan.of(two, seed).phases().get(0).name().equals("b"))
                .count();
        assertThat(swapped).isBetween(4L, 16L);
    }

    @Test
    void roundsAreShuffledIndependently() {
        // Some seed among a few gives two rounds in different orders; a plan that repeats one
        // shuffled round N times would never.
        boolean differ = false;
        for (long seed = 0; seed < 10 && !differ; seed++) {
            List<String> names = RunPlan.of(scenario(2), seed).phases().stream()
                    .map(Phase::name)
                    .toList();
            differ = !names.subList(0, 4).equals(names.subList(4, 8));
        }
        assertThat(differ).isTrue();
    }
}
