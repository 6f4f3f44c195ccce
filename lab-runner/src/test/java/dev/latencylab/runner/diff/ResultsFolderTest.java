package dev.latencylab.runner.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsFolderTest {

    @Test
    void anOlderSummaryGivesEveryNumberOfItsRowsAsAFigureUnderItsPath() {
        RunResults run = ResultsFolder.read(Fixtures.folder(Fixtures.OLD_A));

        assertThat(run.phases())
                .extracting(RunPhase::name)
                .containsExactly("linger-0", "linger-5", "linger-10", "linger-20");
        RunPhase zero = run.phases().get(0);
        assertThat(zero.repeats()).isEqualTo(1);
        assertThat(zero.figure("latencyMs.p99").median()).isEqualTo(126.463);
        assertThat(zero.figure("cpuCores.brokers.2").median()).isEqualTo(0.5700000000000003);
        // Its rows' "lost" is read as what rows now hold under counts, so --fail-on lost judges older runs too.
        assertThat(zero.figure("counts.lost").median()).isZero();
        assertThat(zero.figures()).doesNotContainKeys("lost", "repeat", "phaseId", "settings.lingerMs");
        assertThat(zero.setup()).containsEntry("lingerMs", "0").doesNotContainKey("topic");
        assertThat(run.info().scenario()).isEqualTo("linger-sweep");
        assertThat(run.info().environment()).containsEntry("kafkaClientsVersion", "4.2.1");
    }

    @Test
    void aCurrentSummaryGivesTheRunnersOwnFigureListAndWhatEachPhaseRanOn() {
        RunPhase zero =
                ResultsFolder.read(Fixtures.folder(Fixtures.CURRENT)).phases().get(0);

        // achievedShare is only in repeats.phases (rows do not hold it): the list is read, not the rows.
        assertThat(zero.figure("achievedShare").median()).isEqualTo(1.003584391938632);
        assertThat(zero.figure("publishDelayMs.p99").median()).isEqualTo(38.719);
        assertThat(zero.setup())
                .containsEntry("keyStrategy", "order-id")
                .containsEntry("topic", "lab.orders")
                .containsEntry("partitions", "3")
                .containsEntry("consumer.groupId", "latency-lab-consumer")
                .containsEntry("consumer fetch.max.wait.ms", "500");
    }

    @Test
    void theBrokersKafkaVersionInTheStackLineSetsTwoRunsApart(@TempDir Path dir) {
        Path a = new SummaryJson("linger-sweep", 1)
                .stack("local processes (the Docker-less mode), Kafka 4.3.1 brokers")
                .phase("linger-0", p -> p.figure("latencyMs.p99", 10.0))
                .writeTo(dir.resolve("a"));
        Path b = new SummaryJson("linger-sweep", 1)
                .stack("local processes (the Docker-less mode), Kafka 3.9.1 brokers")
                .perInstance(31_000)
                .phase("linger-0", p -> p.figure("latencyMs.p99", 12.0))
                .writeTo(dir.resolve("b"));

        RunDiff diff = RunDiff.of(ResultsFolder.read(a), ResultsFolder.read(b), java.util.List.of());

        assertThat(diff.notes())
                .contains("The runs differ in stack: local processes (the Docker-less mode), Kafka 4.3.1 brokers in A,"
                        + " local processes (the Docker-less mode), Kafka 3.9.1 brokers in B.");
        // What each consumer instance received and each producer-app sent differ: figures, not setup.
        assertThat(diff.phases().get(0).setupDifferences()).isEmpty();
        assertThat(DiffMarkdown.render(diff))
                .contains("| stack | local processes (the Docker-less mode), Kafka 4.3.1 brokers |"
                        + " local processes (the Docker-less mode), Kafka 3.9.1 brokers |");
    }

    @Test
    void repeatsGiveEachFigureItsMedianAndRange(@TempDir Path dir) {
        Path folder = new SummaryJson("s", 3)
                .phase("a", p -> p.figure("latencyMs.p99", 10.0, 14.0, 11.0).partial())
                .writeTo(dir.resolve("run"));

        RunPhase a = ResultsFolder.read(folder).phases().get(0);

        assertThat(a.repeats()).isEqualTo(3);
        assertThat(a.partial()).isTrue();
        assertThat(a.figure("latencyMs.p99").median()).isEqualTo(11.0);
        assertThat(a.figure("latencyMs.p99").min()).isEqualTo(10.0);
        assertThat(a.figure("latencyMs.p99").max()).isEqualTo(14.0);
        assertThat(a.figure("latencyMs.p99").known()).isEqualTo(3);
    }

    @Test
    void aSpreadThatLeftItsRepeatCutShortOutIsNotPartial(@TempDir Path dir) {
        Path folder = new SummaryJson("s", 3)
                .phase("a", p -> p.figure("latencyMs.p99", 10.0, 14.0).partial().spreadPartial(false))
                .writeTo(dir.resolve("run"));

        assertThat(ResultsFolder.read(folder).phases().get(0).partial()).isFalse();
    }

    @Test
    void aFolderThatIsNotARunsResultsIsRefusedSayingWhy(@TempDir Path dir) throws IOException {
        assertThatThrownBy(() -> ResultsFolder.read(dir.resolve("nowhere")))
                .isInstanceOf(DiffException.class)
                .hasMessageContaining("nowhere is not a folder");
        Files.createDirectories(dir.resolve("empty"));
        assertThatThrownBy(() -> ResultsFolder.read(dir.resolve("empty")))
                .hasMessageContaining("empty has no summary.json");
        Files.createDirectories(dir.resolve("broken"));
        Files.writeString(dir.resolve("broken/summary.json"), "{\"phases\": [");
        assertThatThrownBy(() -> ResultsFolder.read(dir.resolve("broken")))
                .hasMessageContaining("summary.json cannot be read as JSON");
        Files.createDirectories(dir.resolve("other"));
        Files.writeString(dir.resolve("other/summary.json"), "{\"dashboards\": []}");
        assertThatThrownBy(() -> ResultsFolder.read(dir.resolve("other")))
                .hasMessageContaining("has no phases: it is not a summary the run command wrote");
    }
}
