package dev.latencylab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.accounting.PhaseIds;
import dev.latencylab.runner.fake.FakeLab;
import dev.latencylab.runner.fake.FakeTime;
import dev.latencylab.runner.scenario.RunPlan;
import dev.latencylab.runner.scenario.ScenarioLoader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CliTest {

    /** Every command of lab-runner but picocli's own help. */
    static final List<String> COMMANDS = List.of(
            "run",
            "validate",
            "import-omb",
            "linger",
            "report",
            "diff",
            "flamegraph",
            "compare",
            "selftest",
            "snapshot",
            "check-dashboards",
            "targets",
            "completion");

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private Cli cli(Path cwd) {
        return new Cli(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                cwd);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void snapshotAndCheckDashboardsNameTheMissingDashboardsFolderAndExportNothing(@TempDir Path dir) {
        int code = cli(dir).execute(
                        "snapshot", "--from", "2026-11-21T23:50:00Z", "--to", "2026-11-21T23:54:00Z", "--out", "snap");

        assertThat(code).isEqualTo(1);
        assertThat(err()).contains("no dashboards folder at " + dir.resolve("observability/grafana/dashboards"));
        assertThat(dir.resolve("snap")).doesNotExist();
        assertThat(cli(dir).execute("check-dashboards", "--last", "5m")).isEqualTo(1);
    }

    @Test
    void lingerSwitchesTheProducerAndPrintsItsNewState(@TempDir Path dir) throws IOException {
        try (FakeLab lab = new FakeLab(new FakeTime(Instant.parse("2026-11-21T23:50:00Z")))) {
            int code = cli(dir).execute("linger", "20", "--producer", lab.url().toString());

            assertThat(code).isZero();
            assertThat(lab.log()).containsExactly("POST /actuator/producer {\"lingerMs\":20}");
            assertThat(out())
                    .startsWith(
                            "linger.ms is now 20 (producer 5f0c0000-0000-0000-0000-000000000001, generation 1, stopped, phase "
                                    + PhaseIds.FIRST_BY_HAND + "): "
                                    + "batch.size 16384, compression none, rate 1000 records/s, payload 400 B");
        }
    }

    @Test
    void lingerSwitchesEveryProducerOfAWorkersFile(@TempDir Path dir) throws IOException {
        try (FakeLab first = new FakeLab(new FakeTime(Instant.parse("2026-11-21T23:50:00Z")));
                FakeLab second = new FakeLab(new FakeTime(Instant.parse("2026-11-21T23:50:00Z")))) {
            Files.writeString(
                    dir.resolve("workers.yml"),
                    "producers: [" + first.url() + ", " + second.url() + "]\nconsumers: [" + first.url() + "]\n");

            int code = cli(dir).execute("linger", "7", "--workers", "workers.yml");

            assertThat(code).isZero();
            assertThat(first.log()).containsExactly("POST /actuator/producer {\"lingerMs\":7}");
            assertThat(second.log()).containsExactly("POST /actuator/producer {\"lingerMs\":7}");
            assertThat(out().lines().filter(l -> l.startsWith("linger.ms is now 7")))
                    .hasSize(2);
        }
    }

    @Test
    void aTokenFileOthersMayReadIsRefusedBeforeAnythingIsSent(@TempDir Path dir) throws IOException {
        Path token = dir.resolve("token");
        Files.writeString(token, "0123456789abcdefghij\n");
        Files.setPosixFilePermissions(token, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        try (FakeLab lab = new FakeLab(new FakeTime(Instant.parse("2026-11-21T23:50:00Z")))) {
            int code = cli(dir).execute("linger", "20", "--producer", lab.url().toString(), "--token-file", "token");

            assertThat(code).isEqualTo(2);
            assertThat(err()).contains("--token-file " + token + " may be read or written by others (rw-r--r--)");
            assertThat(lab.log()).isEmpty();
        }
    }

    @Test
    void eachCommandAskedForItsVersionPrintsItAndDoesNothingElse(@TempDir Path dir) {
        for (String command : COMMANDS) {
            out.reset();
            err.reset();
            assertThat(cli(dir).execute(command, "--version")).as(command).isZero();
            assertThat(out()).as(command).startsWith("lab-runner ");
            assertThat(err()).as(command).isEmpty();
        }
        out.reset();
        assertThat(cli(dir).execute("--version")).isZero();
        assertThat(out()).startsWith("lab-runner ");
    }

    @Test
    void badCommandLinesExitTwoWithTheReasonAndUsage(@TempDir Path dir) {
        assertThat(cli(dir).execute("frobnicate")).isEqualTo(2);
        assertThat(err()).contains("error: unknown command 'frobnicate'").contains("Usage: lab-runner");

        assertThat(cli(dir).execute("linger", "fast")).isEqualTo(2);
        assertThat(err()).contains("linger: 'fast' is not a whole number of ms");

        assertThat(cli(dir).execute("linger", "20001")).isEqualTo(2);
        assertThat(err()).contains("linger must be from 0 to 10000 ms, got 20001");

        assertThat(cli(dir).execute("run", "x.yaml", "--phase-duration", "soon"))
                .isEqualTo(2);
        assertThat(err()).contains("'--phase-duration': 'soon' is not a duration");
    }

    @Test
    void aScenarioWithMistakesIsRefusedBeforeAnythingIsCalled(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("bad.yaml"), "phases:\n  - name: a\n    settings: {lingerMs: -1}\n");

        int code = cli(dir).execute("run", "bad.yaml", "--producer", "http://127.0.0.1:1");

        assertThat(code).isEqualTo(2);
        assertThat(err())
                .contains("The scenario cannot be run:")
                .contains(dir.resolve("bad.yaml")
                        + ": phase 1 'a': settings.lingerMs: must have a minimum value of 0, got -1");
    }

    @Test
    void validatePrintsThePlanWithOverrides(@TempDir Path dir) {
        int code = cli(Path.of(".."))
                .execute("validate", "scenarios/linger-sweep.yaml", "--warmup", "5s", "--phase-duration", "15s");

        assertThat(code).as(err()).isZero();
        assertThat(out())
                .contains("scenarios/linger-sweep.yaml: linger-sweep, 4 phases, 1m20s in all")
                .contains(
                        "linger-20    linger.ms=20    batch.size=16384    compression=none   rate=1000/s payload=400 B  warm-up 5s + 15s");
    }

    @Test
    void validateShowsARepeatedScenariosOrderForAGivenSeed(@TempDir Path dir) throws IOException {
        Files.writeString(
                dir.resolve("r.yaml"),
                """
                repeat: 2
                defaults:
                  warmup: 5s
                  duration: 15s
                  settings: {batchSize: 16384, compression: none, rate: 1000, payloadBytes: 400}
                phases:
                  - {name: a, settings: {lingerMs: 0}}
                  - {name: b, settings: {lingerMs: 5}}
                  - {name: c, settings: {lingerMs: 10}}
                """);

        int code = cli(dir).execute("validate", "r.yaml", "--seed", "11");

        assertThat(code).as(err()).isZero();
        String order = String.join(
                " ",
                RunPlan.of(new ScenarioLoader().load(dir.resolve("r.yaml")), 11).labels());
        assertThat(out())
                .contains("r.yaml: r, 3 phases x 2 repeats, 2m in all")
                .contains("Order: 2 rounds, each shuffled with seed 11 (--seed 11 runs this order again): " + order)
                .doesNotContain("draws its own seed");
    }

    @Test
    void validateReadsAPayloadFileFromScenariosPayloadsOnlyAsRunDoes(@TempDir Path dir) throws IOException {
        Path payloads = Files.createDirectories(dir.resolve("scenarios/payloads"));
        Files.writeString(payloads.resolve("ok.jsonl"), "{\"a\": 1}\n");
        Path secret = Files.writeString(dir.resolve("secret.jsonl"), "not for a scenario\n");
        Files.createSymbolicLink(payloads.resolve("link.jsonl"), secret);
        for (String file :
                List.of(secret.toString(), "scenarios/payloads/../../secret.jsonl", "scenarios/payloads/link.jsonl")) {
            Files.writeString(dir.resolve("s.yaml"), sample(file));
            err.reset();

            assertThat(cli(dir).execute("validate", "s.yaml")).as(file).isEqualTo(2);
            assertThat(err())
                    .contains("settings.payloadFile")
                    .contains("is outside " + dir.resolve("scenarios/payloads"));
        }
        Files.writeString(dir.resolve("s.yaml"), sample("scenarios/payloads/ok.jsonl"));
        err.reset();
        assertThat(cli(dir).execute("validate", "s.yaml")).as(err()).isZero();
    }

    private static String sample(String payloadFile) {
        return """
                defaults:
                  warmup: 5s
                  duration: 15s
                  settings: {batchSize: 16384, compression: none, rate: 1000, payloadBytes: 400, lingerMs: 0}
                phases:
                  - {name: a, settings: {payload: sample, payloadFile: "%s"}}
                """
                .formatted(payloadFile);
    }

    @Test
    void reportRedrawsAResultsFolder(@TempDir Path dir) {
        assertThat(cli(dir).execute("report", "nowhere")).isEqualTo(2);
        assertThat(err()).contains("has no summary.json");
    }

    @Test
    void everyCommandAnswersHelpWithoutCallingAnything(@TempDir Path dir) {
        for (String command : List.of(
                "run",
                "validate",
                "import-omb",
                "linger",
                "report",
                "flamegraph",
                "compare",
                "snapshot",
                "check-dashboards",
                "targets")) {
            out.reset();
            assertThat(cli(dir).execute(command, "--help")).as(command).isZero();
            assertThat(out())
                    .as(command)
                    .startsWith("Usage: lab-runner " + command)
                    .contains("-h, --help");
        }
        out.reset();
        assertThat(cli(dir).execute("help")).isZero();
        assertThat(out())
                .contains(
                        "run",
                        "validate",
                        "import-omb",
                        "linger",
                        "report",
                        "compare",
                        "snapshot",
                        "check-dashboards",
                        "Every command takes --help");
    }

    @Test
    void importOmbWritesAScenarioValidateTakesAndNamesWhatDidNotMap(@TempDir Path dir) throws IOException {
        Files.writeString(
                dir.resolve("workload.yaml"),
                "name: one topic\ntopics: 1\npartitionsPerTopic: 4\nmessageSize: 1024\n"
                        + "payloadFile: payload/payload-1Kb.data\nsubscriptionsPerTopic: 1\nproducersPerTopic: 1\n"
                        + "producerRate: 2000\ntestDurationMinutes: 5\nbatchSizeHint: 3\n");

        int code = cli(dir).execute("import-omb", "workload.yaml", "--out", "omb.yaml");

        assertThat(code).isZero();
        assertThat(out()).contains("Scenario omb-one-topic written to omb.yaml; run it with: scripts/lab run omb.yaml");
        assertThat(err())
                .contains("not mapped: batchSizeHint: not a field of OMB's workload format; ignored")
                .contains("not mapped: payloadFile: payload/payload-1Kb.data is not read");
        out.reset();
        assertThat(cli(dir).execute("validate", "omb.yaml")).isZero();
        assertThat(out()).contains("rate-2000");
    }

    @Test
    void runAndValidateTakeAnOmbWorkloadAsImportOmbMapsIt(@TempDir Path dir) throws IOException {
        Files.writeString(
                dir.resolve("workload.yaml"),
                "name: one topic\ntopics: 1\npartitionsPerTopic: 4\nmessageSize: 1024\n"
                        + "subscriptionsPerTopic: 1\nproducersPerTopic: 1\nproducerRate: 2000\ntestDurationMinutes: 5\n");
        Files.writeString(
                dir.resolve("fanout.yaml"),
                "topics: 1\npartitionsPerTopic: 4\nmessageSize: 1024\nsubscriptionsPerTopic: 2\n"
                        + "producersPerTopic: 1\nproducerRate: 2000\ntestDurationMinutes: 5\n");

        assertThat(cli(dir).execute("validate", "workload.yaml")).isZero();
        assertThat(out()).contains("rate-2000");
        assertThat(err())
                .contains("workload.yaml: an OpenMessaging Benchmark workload, run as the scenario 'import-omb"
                        + " workload.yaml' writes:")
                .contains("  not mapped: producer settings: OMB takes linger.ms");

        int code = cli(dir).execute("run", "fanout.yaml", "--producer", "http://127.0.0.1:1");

        assertThat(code).isEqualTo(2);
        assertThat(err())
                .contains("The scenario cannot be run:")
                .contains("  fanout.yaml: subscriptionsPerTopic: 2; the lab reads each record");
    }

    @Test
    void runAndValidateMapAnOmbWorkloadWithTheDriverGivenAndNothingElse(@TempDir Path dir) throws IOException {
        Files.writeString(
                dir.resolve("workload.yaml"),
                "name: one topic\ntopics: 1\npartitionsPerTopic: 4\nmessageSize: 1024\n"
                        + "subscriptionsPerTopic: 1\nproducersPerTopic: 1\nproducerRate: 2000\ntestDurationMinutes: 5\n");
        Files.copy(Path.of("src/test/resources/omb/driver-throughput.yaml"), dir.resolve("driver.yaml"));
        Files.copy(Path.of("src/test/resources/omb/driver-acks-0.yaml"), dir.resolve("acks-0.yaml"));

        assertThat(cli(dir).execute("validate", "workload.yaml", "--driver", "driver.yaml"))
                .isZero();
        assertThat(out())
                .contains("linger.ms=10 ")
                .contains("batch.size=262144")
                .contains("compression=lz4");
        assertThat(err())
                .contains("workload.yaml: an OpenMessaging Benchmark workload, run as the scenario 'import-omb"
                        + " workload.yaml --driver driver.yaml' writes:")
                .contains("  not mapped: producerConfig no.such.property=1");

        err.reset();
        assertThat(cli(dir).execute("run", "workload.yaml", "--driver", "acks-0.yaml", "--dry-run"))
                .isEqualTo(2);
        assertThat(err()).contains("acks=0");
        err.reset();
        assertThat(cli(dir).execute("run", "workload.yaml", "--driver", "missing.yaml", "--dry-run"))
                .isEqualTo(2);
        assertThat(err()).contains("missing.yaml: no such file");

        Files.writeString(dir.resolve("lab.yaml"), "name: lab\nphases:\n  - name: a\n");
        err.reset();
        assertThat(cli(dir).execute("validate", "lab.yaml", "--driver", "driver.yaml"))
                .isEqualTo(2);
        assertThat(err()).contains("lab.yaml: --driver driver.yaml maps an OpenMessaging Benchmark workload");
    }

    @Test
    void importOmbRefusesAWorkloadItWouldMisrepresentAndWritesNothing(@TempDir Path dir) throws IOException {
        Files.writeString(
                dir.resolve("fanout.yaml"),
                "topics: 1\npartitionsPerTopic: 4\nmessageSize: 1024\nsubscriptionsPerTopic: 2\n"
                        + "producersPerTopic: 1\nproducerRate: 2000\ntestDurationMinutes: 5\n");

        int code = cli(dir).execute("import-omb", "fanout.yaml", "--out", "omb.yaml");

        assertThat(code).isEqualTo(2);
        assertThat(err()).contains("refused: fanout.yaml: subscriptionsPerTopic: 2; the lab reads each record");
        assertThat(dir.resolve("omb.yaml")).doesNotExist();
    }

    @Test
    void defaultUrlsAreTheLabsPortsAndShownInHelp(@TempDir Path dir) {
        cli(dir).execute("run", "--help");

        assertThat(out())
                .contains(
                        "default " + Defaults.PRODUCER,
                        "default " + Defaults.CONSUMER,
                        "default " + Defaults.PROMETHEUS,
                        "default " + Defaults.GRAFANA);
    }

    @Test
    void optionsTakeBothFormsAndWrongOnesAreRefusedWithUsage(@TempDir Path dir) throws Exception {
        Files.writeString(
                dir.resolve("s.yaml"),
                """
                phases:
                  - name: a
                    settings: {lingerMs: 5, batchSize: 16384, compression: none, rate: 1000, payloadBytes: 400}
                    warmup: 1m
                    duration: 1m
                """);

        assertThat(cli(dir).execute("validate", "s.yaml", "--warmup=5s", "--phase-duration", "15s"))
                .isZero();
        assertThat(out()).contains("warm-up 5s + 15s");

        assertThat(cli(dir).execute("validate", "s.yaml", "--speed", "3")).isEqualTo(2);
        assertThat(err()).contains("error: Unknown option: '--speed'").contains("Usage: lab-runner validate");
        err.reset();
        assertThat(cli(dir).execute("run", "s.yaml", "--warmup")).isEqualTo(2);
        assertThat(err()).contains("error: Missing required parameter for option '--warmup'");
        err.reset();
        assertThat(cli(dir).execute("run", "s.yaml", "--producer", "nowhere")).isEqualTo(2);
        assertThat(err()).contains("'--producer'", "must be a URL like http://127.0.0.1:8080, got 'nowhere'");
        err.reset();
        assertThat(cli(dir).execute("run", "s.yaml", "--warmup", "-5s")).isEqualTo(2);
        assertThat(err()).contains("'--warmup'");
    }
}
