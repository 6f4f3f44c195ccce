package dev.latencylab.runner.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PhaseMatchingTest {

    @TempDir
    Path dir;

    @Test
    void phasesOfTheSameNameAreComparedAndAPhaseInOneRunOnlyIsListed() {
        RunResults a = run(
                "a",
                new SummaryJson("s", 1)
                        .phase("linger-0", p -> p.linger(0))
                        .phase("linger-5", p -> p.linger(5))
                        .phase("linger-10", p -> p.linger(10)));
        RunResults b = run(
                "b",
                new SummaryJson("s", 1)
                        .phase("linger-5", p -> p.linger(5))
                        .phase("linger-10", p -> p.linger(10))
                        .phase("linger-50", p -> p.linger(50)));

        PhaseMatching m = PhaseMatching.of(a, b);

        assertThat(m.matched()).extracting(PhaseMatching.Match::name).containsExactly("linger-5", "linger-10");
        assertThat(m.matched()).allSatisfy(x -> assertThat(x.setupDifferences()).isEmpty());
        assertThat(m.onlyInA()).extracting(RunPhase::name).containsExactly("linger-0");
        assertThat(m.onlyInB()).extracting(RunPhase::name).containsExactly("linger-50");
    }

    @Test
    void aPhaseOfTheSameNameThatRanOnSomethingElseIsComparedWithEachDifferenceNamed() {
        RunResults a = run(
                "a", new SummaryJson("s", 1).phase("linger-5", p -> p.linger(5)).phase("linger-10", p -> p.linger(10)));
        RunResults b = run(
                "b",
                new SummaryJson("s", 1)
                        .phase("linger-5", p -> p.linger(5).consumerSetting("fetch.max.wait.ms", "100"))
                        .phase("linger-10", p -> p.linger(20).partitions(6)));

        PhaseMatching m = PhaseMatching.of(a, b);

        assertThat(m.matched()).hasSize(2);
        assertThat(m.matched().get(0).setupDifferences()).containsExactly("consumer fetch.max.wait.ms: 500 -> 100");
        assertThat(m.matched().get(1).setupDifferences()).containsExactly("lingerMs: 10 -> 20", "partitions: 3 -> 6");
        assertThat(m.onlyInA()).isEmpty();

        String md = DiffMarkdown.render(RunDiff.of(a, b, List.of()));
        assertThat(md)
                .contains(
                        "| linger-5 | 1 | 1 | 0 | 0 | 0 | not like with like: consumer fetch.max.wait.ms: 500 -> 100 |")
                .contains(
                        "**Not like with like**, the two runs' phases differ in: lingerMs: 10 -> 20; partitions: 3 -> 6");
    }

    @Test
    void whatOnlyOneRunRecordsIsNotCheckedRatherThanCalledADifference() {
        RunResults older = ResultsFolder.read(Fixtures.folder(Fixtures.OLD_B));
        RunResults current = ResultsFolder.read(Fixtures.folder(Fixtures.CURRENT));

        PhaseMatching m = PhaseMatching.of(older, current);

        assertThat(m.matched()).hasSize(4);
        PhaseMatching.Match zero = m.matched().get(0);
        assertThat(zero.setupDifferences()).isEmpty();
        assertThat(zero.unchecked())
                .containsExactly(
                        "keyStrategy (not in A)", "topic (not in A)", "partitions (not in A)", "consumer (not in A)");
    }

    private RunResults run(String name, SummaryJson summary) {
        return ResultsFolder.read(summary.writeTo(dir.resolve(name)));
    }
}
