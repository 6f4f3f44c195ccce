package dev.latencylab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.scenario.RunPlan;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.ScenarioLoader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** run --dry-run says which topics a run would create and delete, and whether one that exists would stop it. */
class DryRunTest {

    private static final String SCENARIO =
            """
            name: partitions
            defaults:
              warmup: 5s
              duration: 20s
              settings: {lingerMs: 5, batchSize: 16384, compression: none, rate: 1000, payloadBytes: 400}
            phases:
              - name: p1
                topic: {name: "lab.orders.{phase}", partitions: 1}
              - name: p6
                topic: {name: "lab.orders.{phase}", partitions: 6, keep: true}
            """;

    @TempDir
    Path dir;

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final List<List<String>> asked = new ArrayList<>();

    @Test
    void namesEachTopicItWouldCreateAndDelete() throws IOException {
        int code = dryRun(false, Set.of());

        assertThat(code).isZero();
        assertThat(asked).containsExactly(List.of("lab.orders.p1", "lab.orders.p6"));
        assertThat(output())
                .contains(
                        "create topic lab.orders.p1 on kafka:9092 (1 partitions, replication 3, min.insync.replicas 2),"
                                + " and delete it after its phase")
                .contains(
                        "create topic lab.orders.p6 on kafka:9092 (6 partitions, replication 3, min.insync.replicas 2)"
                                + " and keep it")
                .contains("Nothing was created, changed or deleted");
    }

    @Test
    void onAClusterTheLabDidNotStartAnExistingTopicWouldStopTheRun() throws IOException {
        int code = dryRun(false, Set.of("lab.orders.p6"));

        assertThat(code).isEqualTo(1);
        assertThat(output()).contains("it exists, and the lab did not create it: the run would stop here");
    }

    @Test
    void onTheLabsOwnBrokersAnExistingTopicIsReplaced() throws IOException {
        int code = dryRun(true, Set.of("lab.orders.p1"));

        assertThat(code).isZero();
        assertThat(output()).contains("it exists (an earlier run's, on the lab's own brokers): deleted first");
    }

    @Test
    void aClusterThatCannotBeAskedFailsTheDryRunWithTheReason() throws IOException {
        Path file = dir.resolve("partitions.yaml");
        Files.writeString(file, SCENARIO);
        Scenario scenario = new ScenarioLoader().load(file);
        int code = print(
                scenario,
                false,
                names -> {
                    throw new IllegalStateException("Timed out waiting for a node assignment");
                },
                List.of());

        assertThat(code)
                .as("a dry run that could not look its topics up cannot say the run would go ahead")
                .isNotZero();
        assertThat(output())
                .contains("Nothing was created")
                .contains(
                        "could not ask kafka:9092 which of its topics exist: Timed out waiting for a node assignment");
    }

    @Test
    void aBacklogItsTopicWouldNotKeepFailsTheDryRunSayingTheRunWouldNotStart() throws IOException {
        int code = dryRun(true, Set.of(), List.of("phase p1's backlog: 9,000,000 records of about 500 B each"));

        assertThat(code).isNotZero();
        assertThat(output())
                .contains("the run would refuse to start, running nothing: phase p1's backlog: 9,000,000 records")
                .contains("Nothing was created");
    }

    private int dryRun(boolean ownCluster, Set<String> existing) throws IOException {
        return dryRun(ownCluster, existing, List.of());
    }

    private int dryRun(boolean ownCluster, Set<String> existing, List<String> notKept) throws IOException {
        Path file = dir.resolve("partitions.yaml");
        Files.writeString(file, SCENARIO);
        Scenario scenario = new ScenarioLoader().load(file);
        return print(
                scenario,
                ownCluster,
                names -> {
                    asked.add(names);
                    Set<String> found = new HashSet<>(existing);
                    found.retainAll(names);
                    return found;
                },
                notKept);
    }

    private int print(Scenario scenario, boolean ownCluster, DryRun.ExistingTopics existing, List<String> notKept) {
        return new DryRun(new PrintStream(bytes, true, StandardCharsets.UTF_8))
                .print(
                        "partitions.yaml",
                        scenario,
                        RunPlan.of(scenario, 1L),
                        true,
                        "kafka:9092",
                        ownCluster,
                        existing,
                        notKept);
    }

    private String output() {
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
