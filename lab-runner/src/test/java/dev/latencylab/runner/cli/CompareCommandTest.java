package dev.latencylab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.runner.compare.CompareSettings;
import dev.latencylab.runner.compare.DrainRetention;
import dev.latencylab.runner.topics.RetentionOnly;
import dev.latencylab.runner.topics.TopicRetention;
import dev.latencylab.runner.topics.Topics;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareCommandTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private Cli cli(Path cwd) {
        return new Cli(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                cwd);
    }

    private CompareSettings settings(Path cwd, String... argv) {
        CompareCommand c =
                new CompareCommand(new PrintStream(out), new PrintStream(err), cwd, null, null, null, null, false);
        Parsed.parse(c, List.of(argv));
        return c.settings();
    }

    /** The lab stack's brokers (1 GiB a partition, an hour) for any topic asked about, and 3 partitions. */
    private static final Topics LAB_STACK = RetentionOnly.keeping(spec ->
            new TopicRetention(spec.name(), spec.created() ? spec.partitions() : 3, 1L << 30, 3_600_000, false));

    @Test
    void backlogsTheDrainTopicWouldNotKeepAreRefusedBeforeAnythingRuns(@TempDir Path dir) throws Exception {
        CompareCommand c =
                new CompareCommand(new PrintStream(out), new PrintStream(err), dir, null, null, null, null, false);
        Parsed.parse(c, List.of("--backlog", "10000000"));
        // Two backlogs of 10,000,000 x ~500 B on 3 partitions: 3.1 GiB a partition, past 1 GiB.
        assertThat(DrainRetention.refusal(LAB_STACK, c.settings(), new PrintStream(err)))
                .hasValueSatisfying(r -> assertThat(r)
                        .contains("--backlog 10000000: a round's two backlogs, on one topic: 20,000,000 records")
                        .contains("about 3.10 GiB per partition of topic lab.orders.compare-drain-r1's 3"));

        // The default (2,000,000: 0.62 GiB a partition) fits.
        CompareCommand fits =
                new CompareCommand(new PrintStream(out), new PrintStream(err), dir, null, null, null, null, false);
        Parsed.parse(fits, List.of());
        assertThat(DrainRetention.refusal(LAB_STACK, fits.settings(), new PrintStream(err)))
                .isEmpty();
    }

    @Test
    void defaultsAreTheIssuesSettings(@TempDir Path dir) {
        CompareSettings s = settings(dir);

        assertThat(s.duration()).isEqualTo(Duration.ofSeconds(30));
        assertThat(s.warmup()).isEqualTo(Duration.ofSeconds(10));
        assertThat(s.stackWarmup()).isEqualTo(Duration.ofSeconds(60));
        assertThat(s.lingerMs()).isEqualTo(5);
        assertThat(s.batchSize()).isEqualTo(16384);
        assertThat(s.lowRate()).isEqualTo(50);
        assertThat(s.rounds()).isEqualTo(5);
        assertThat(s.topic()).isEqualTo("lab.compare");
        assertThat(s.kafkaLib()).isEqualTo(dir.resolve("stack/local-cluster/target/lib"));
        // What the producer-app's client runs with in the same windows, made by the same method.
        assertThat(s.producerProperties())
                .isEqualTo(s.unthrottled().kafkaProperties())
                .containsExactly(
                        Map.entry("linger.ms", "5"),
                        Map.entry("batch.size", "16384"),
                        Map.entry("compression.type", "none"),
                        Map.entry("acks", "all"),
                        Map.entry("enable.idempotence", "true"));
        assertThat(s.unthrottled().unthrottled())
                .as("off the schedule, as the tool's --throughput -1")
                .isTrue();
        assertThat(s.realistic().unthrottled()).isTrue();
        assertThat(s.lowRateSettings().lingerMs()).isZero();
    }

    @Test
    void optionsOverrideTheDefaults(@TempDir Path dir) {
        CompareSettings s = settings(
                dir,
                "--duration",
                "20s",
                "--linger",
                "20",
                "--batch-size",
                "65536",
                "--low-rate",
                "100",
                "--rounds",
                "3",
                "--stack-warmup",
                "0s");

        assertThat(s.duration()).isEqualTo(Duration.ofSeconds(20));
        assertThat(s.producerProperties()).containsEntry("linger.ms", "20").containsEntry("batch.size", "65536");
        assertThat(s.lowRateSettings().rate()).isEqualTo(100);
        assertThat(s.rounds()).isEqualTo(3);
        assertThat(s.stackWarmup()).isZero();
    }

    @Test
    void wrongValuesAreRefusedWithTheirRange(@TempDir Path dir) {
        assertThatThrownBy(() -> settings(dir, "--linger", "10001"))
                .hasMessage("--linger must be from 0 to 10000, got 10001");
        assertThatThrownBy(() -> settings(dir, "--rounds", "two"))
                .hasMessage("Invalid value for option '--rounds': 'two' is not an int");
        assertThatThrownBy(() -> settings(dir, "--duration", "500ms"))
                .hasMessage("--duration must be at least 1s, got 500ms");
        assertThatThrownBy(() -> settings(dir, "--topic", "lab.orders"))
                .hasMessageContaining("must not be the lab topic");
        // compare creates, writes and deletes its bench topic: only a lab.* name, as the producer-app writes.
        assertThatThrownBy(() -> settings(dir, "--topic", "orders"))
                .hasMessage("--topic must start with lab. (the lab writes, creates and deletes only topics named"
                        + " lab.*), got orders");
        assertThatThrownBy(() -> settings(dir, "--backlog", "299999"))
                .hasMessage("--backlog must be from 300000 to 10000000, got 299999");
        assertThatThrownBy(() -> settings(dir, "--stack-pids", "12,13"))
                .hasMessage(
                        "--stack-pids is only read with --producer-pid (the local stack's processes, given together)");
    }

    @Test
    void theStacksProcessesAreReadForTheReservedCore(@TempDir Path dir) {
        CompareSettings s = settings(dir, "--producer-pid", "41", "--stack-pids", "42,43");

        assertThat(s.producerPid()).isEqualTo(41L);
        assertThat(s.stackPids()).containsExactly(42L, 43L);
        assertThat(settings(dir).producerPid()).isNull();
        assertThat(settings(dir).backlogRecords()).isEqualTo(2_000_000);
        assertThat(settings(dir).drainTopic()).isEqualTo("lab.orders.compare-drain");
    }

    @Test
    void theEstimateCountsTwoBacklogsARoundWrittenAtTheMeasuredRate(@TempDir Path dir) {
        Duration small = settings(dir, "--backlog", "500000").roughDuration();
        Duration large = settings(dir, "--backlog", "2000000").roughDuration();

        // 5 rounds of two backlogs, 1,500,000 records more each, written at 40,000 a second
        assertThat(large.minus(small)).isEqualTo(Duration.ofSeconds(5 * 2 * 1_500_000 / 40_000));
    }

    @Test
    void aWrongCommandLineExitsTwoBeforeCallingAnything(@TempDir Path dir) {
        int code = cli(dir).execute("compare", "--low-rate", "0", "--producer", "http://127.0.0.1:1");

        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("error: --low-rate must be from 1 to 200000, got 0")
                .contains("Usage: lab-runner compare", "--low-rate=N");
    }

    @Test
    void aLabThatDoesNotAnswerExitsOneAndNamesWhatIsDown(@TempDir Path dir) {
        int code = cli(dir).execute("compare", "--producer", "http://127.0.0.1:1", "--consumer", "http://127.0.0.1:1");

        assertThat(code).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("The lab is not ready")
                .contains("producer-app does not answer")
                .contains("consumer-app does not answer");
        assertThat(dir.resolve("results")).doesNotExist();
    }

    @Test
    void theClientConfigGoesToKafkasToolsAsTheirCommandConfig(@TempDir Path dir) {
        CompareCommand c =
                new CompareCommand(new PrintStream(out), new PrintStream(err), dir, null, null, null, null, false);
        Parsed.parse(c, List.of("--bootstrap", "broker:9094", "--client-config", "client.properties"));

        assertThat(c.kafkaTools(c.settings()).endToEndLatency("lab.compare", 10, 400))
                .containsSubsequence(
                        "--bootstrap-server",
                        "broker:9094",
                        "--command-config",
                        dir.resolve("client.properties").toString());
    }

    @Test
    void aClientConfigThatCannotBeReadExitsTwoBeforeCallingAnything(@TempDir Path dir) {
        int code = cli(dir).execute(
                        "compare", "--client-config", "missing.properties", "--producer", "http://127.0.0.1:1");

        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("error: --client-config: could not read missing.properties")
                .doesNotContain("does not answer");
    }
}
