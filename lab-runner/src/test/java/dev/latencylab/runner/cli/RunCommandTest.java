package dev.latencylab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.fake.FakeLab;
import dev.latencylab.runner.fake.FakeTime;
import dev.latencylab.runner.results.report.ResultsWriter;
import dev.latencylab.runner.run.ScenarioRunner;
import dev.latencylab.runner.run.StackWarmup;
import dev.latencylab.runner.scenario.RunPlan;
import dev.latencylab.runner.scenario.ScenarioLoader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The whole run command against the HTTP double of the lab, on a fake clock (no real waiting). */
class RunCommandTest {

    private static final Instant START = Instant.parse("2026-11-21T23:50:00Z");
    private static final String SCENARIO =
            """
            name: sweep
            defaults:
              warmup: 10s
              duration: 50s
              settings: {batchSize: 16384, compression: none, rate: 1000, payloadBytes: 400}
            phases:
              - name: linger-0
                settings: {lingerMs: 0}
              - name: linger-20
                settings: {lingerMs: 20}
            """;

    @TempDir
    Path dir;

    private final FakeTime time = new FakeTime(START);
    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private FakeLab lab;
    private RunCommand command;

    @BeforeEach
    void setUp() throws IOException {
        lab = new FakeLab(time);
        Files.writeString(dir.resolve("sweep.yaml"), SCENARIO);
        // No stack warm-up unless a test asks for one: the runner's timing is what most tests look at.
        command = commandWith(
                new ScenarioRunner.Options(Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofMillis(500)));
    }

    @AfterEach
    void tearDown() {
        lab.close();
    }

    private List<String> args(String... extra) {
        List<String> a = new ArrayList<>(List.of(
                "sweep.yaml",
                "--producer",
                lab.url().toString(),
                "--consumer",
                lab.url().toString(),
                "--prometheus",
                lab.url().toString(),
                "--grafana",
                lab.url().toString(),
                "--results",
                "out"));
        a.addAll(List.of(extra));
        return a;
    }

    @Test
    void aShareGroupsMissingRecordsAreNotCalledLostOnTheProgressLineAConsumerGroupsAre() throws Exception {
        Files.writeString(
                dir.resolve("sweep.yaml"),
                SCENARIO.replace("settings: {lingerMs: 0}", "settings: {lingerMs: 0}\n    consumer: {listener: batch}")
                        .replace(
                                "settings: {lingerMs: 20}",
                                "settings: {lingerMs: 20}\n    consumer: {listener: share}"));
        lab.missingPastGrace(37);

        assertThat(Parsed.execute(command, args())).as(errBytes.toString()).isZero();

        List<String> progress = outBytes.toString(StandardCharsets.UTF_8)
                .lines()
                .filter(l -> l.contains(" / 50s ("))
                .toList();
        assertThat(progress.stream().filter(l -> l.contains("linger-0")))
                .isNotEmpty()
                .allMatch(l -> l.endsWith("  lost 37"));
        assertThat(progress.stream().filter(l -> l.contains("linger-20")))
                .isNotEmpty()
                .allMatch(l -> l.endsWith("  missing 37 (a share group's member may hold records for its acquisition"
                        + " lock (share.record.lock.duration.ms, 30 s by default) before they come)"));
    }

    @Test
    void underJsonStandardOutputCarriesTheSummaryAloneAndTheProgressGoesToStandardError() throws Exception {
        int code = Parsed.execute(command, args("--warmup", "5s", "--phase-duration", "15s", "--json"));

        assertThat(code).as(errBytes.toString()).isZero();
        JsonNode printed =
                new tools.jackson.databind.ObjectMapper().readTree(outBytes.toString(StandardCharsets.UTF_8));
        JsonNode written = new tools.jackson.databind.ObjectMapper()
                .readTree(Files.readString(command.lastResults().resolve("summary.json")));
        assertThat(printed).isEqualTo(written);
        assertThat(printed.path("phases")).hasSize(2);
        assertThat(errBytes.toString(StandardCharsets.UTF_8)).contains("Running sweep", "Results: ");
    }

    @Test
    void theBrokersFiguresComeFromTheUsersPrometheusWhenGiven() throws Exception {
        try (FakeLab users = new FakeLab(time)) {
            int code = Parsed.execute(
                    command,
                    args(
                            "--warmup",
                            "5s",
                            "--phase-duration",
                            "15s",
                            "--broker-prometheus",
                            users.url().toString(),
                            "--broker-selector",
                            "job=\"kafka-users\""));

            assertThat(code).as(errBytes.toString()).isZero();
            assertThat(users.log())
                    .as("checked at the start, then asked for the brokers' figures and charts")
                    .startsWith("PROM query 1")
                    .contains("PROM query sum(rate(kafka_network_requestmetrics_requests_total{job=\"kafka-users\","
                            + "request=\"Produce\"}[15s]))")
                    .contains(
                            "PROM query sum by (instance) (rate(process_cpu_seconds_total{job=\"kafka-users\"}[15s]))")
                    .anyMatch(l ->
                            l.startsWith("PROM query_range sum(rate(kafka_server_brokertopicmetrics_bytesin_total"))
                    .noneMatch(l -> l.contains("producer-app") || l.contains("consumer-app"));
            assertThat(lab.log())
                    .as("the lab's Prometheus: the apps' figures only")
                    .anyMatch(l -> l.contains("job=\"producer-app\""))
                    .noneMatch(
                            l -> l.startsWith("PROM") && (l.contains("kafka_network_") || l.contains("kafka_server_")));
        }
    }

    @Test
    void aUsersPrometheusThatDoesNotAnswerStopsTheRunBeforeItStarts() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        int code = Parsed.execute(
                command,
                args("--broker-prometheus", "http://127.0.0.1:" + port, "--warmup", "5s", "--phase-duration", "15s"));

        assertThat(code).isEqualTo(ExitCodes.FAILED);
        assertThat(errBytes.toString(StandardCharsets.UTF_8))
                .contains("The lab is not ready", "the brokers' Prometheus", "127.0.0.1:" + port);
        assertThat(lab.log()).noneMatch(l -> l.startsWith("POST"));
    }

    @Test
    void aDryRunCallsNothingAndWritesNothing() throws Exception {
        int code = Parsed.execute(command, args("--dry-run"));

        assertThat(code).as(errBytes.toString()).isZero();
        assertThat(lab.log()).isEmpty();
        assertThat(dir.resolve("out")).doesNotExist();
        assertThat(outBytes.toString(StandardCharsets.UTF_8))
                .contains("linger-0", "linger-20", "A run would:", "Nothing was created, changed or deleted");
    }

    @Test
    void drivesEveryPhaseInOrderAndWritesTheResultsFolder() throws Exception {
        // A record in ten unsampled (a sample payload's lines that are not JSON): received all the same.
        lab.unsampledEvery(10);

        int code = Parsed.execute(command, args("--warmup", "5s", "--phase-duration", "15s"));

        assertThat(code).as(errBytes.toString()).isZero();
        List<String> calls = lab.log().stream()
                .filter(l -> !l.startsWith("PROM"))
                .map(l -> l.replaceAll("\\{\"phase\":[1-9][0-9]*,", "{\"phase\":ID,"))
                .toList();
        assertThat(calls)
                .containsSubsequence(
                        "GET /actuator/producer",
                        "GET /actuator/latency",
                        // The load stops and the consumer catches up before its reset: a reset on a flowing
                        // stream would count records in flight across it as lost.
                        "POST /actuator/producer {\"running\":false}",
                        "GET /actuator/latency",
                        "DELETE /actuator/latency",
                        // The warm-up's records carry phase 0; the measured ones the phase's id; then the phase is
                        // closed (fence) while the load goes on unmeasured. The phase's name goes with its id
                        // (lab_phase_info).
                        "POST /actuator/producer {\"lingerMs\":0,\"batchSize\":16384,\"compression\":\"none\",\"rate\":1000.0,\"payloadBytes\":400,\"keyStrategy\":\"order-id\",\"payload\":\"words\",\"acks\":\"all\",\"transactionMs\":0,\"abortEvery\":0,\"pacing\":\"even\",\"producerConfig\":{},\"running\":true,\"phase\":0,\"topic\":\"lab.orders\",\"header\":true}",
                        "POST /actuator/producer {\"phase\":ID,\"phaseName\":\"linger-0\"}",
                        "POST /actuator/producer {\"phase\":0}",
                        "GET /actuator/producer",
                        // The fence is polled without the histograms; the phase's last read asks for them.
                        "GET /actuator/latency",
                        "GET /actuator/latency?histograms=true",
                        "POST /actuator/producer {\"lingerMs\":20,\"batchSize\":16384,\"compression\":\"none\",\"rate\":1000.0,\"payloadBytes\":400,\"keyStrategy\":\"order-id\",\"payload\":\"words\",\"acks\":\"all\",\"transactionMs\":0,\"abortEvery\":0,\"pacing\":\"even\",\"producerConfig\":{},\"running\":true,\"phase\":0,\"topic\":\"lab.orders\",\"header\":true}",
                        "POST /actuator/producer {\"phase\":ID,\"phaseName\":\"linger-20\"}",
                        "POST /actuator/producer {\"phase\":0}",
                        "POST /actuator/producer {\"running\":false}");
        assertThat(calls).doesNotContain("DELETE /actuator/latency?scope=phases");
        // Once a phase: the drains and the fence polls go without them.
        assertThat(calls).filteredOn(c -> c.contains("histograms=true")).hasSize(2);
        JsonNode phases = ResultsWriter.JSON
                .readTree(command.lastResults().resolve("summary.json").toFile())
                .path("phases");
        for (JsonNode phase : phases) {
            JsonNode counts = phase.path("counts");
            assertThat(phase.path("fenced").asBoolean()).isTrue();
            assertThat(counts.path("sent").asLong()).isEqualTo(15_000);
            assertThat(counts.path("acked").asLong())
                    .isEqualTo(counts.path("received").asLong());
            assertThat(counts.path("lost").asLong()).isZero();
            assertThat(phase.path("publishDelayMs").path("p99").asDouble()).isEqualTo(0.2);
            JsonNode description = phase.path("description");
            assertThat(description.path("topic").asString()).isEqualTo("lab.orders");
            assertThat(description.path("partitions").toString()).isEqualTo("[0]");
            assertThat(description.path("instances").get(0).path("received").asLong())
                    .as("the one instance received every record of the phase, sampled or not")
                    .isEqualTo(counts.path("received").asLong());
            assertThat(description.path("consumer").path("groupId").asString()).isEqualTo("latency-lab-consumer");
            assertThat(description
                            .path("consumer")
                            .path("settings")
                            .path("fetch.max.wait.ms")
                            .asString())
                    .isEqualTo("500");
        }
        assertThat(phases.get(1).path("phaseId").asInt())
                .isEqualTo(phases.get(0).path("phaseId").asInt() + 1);
        // Phase windows go to Prometheus as ranges equal to the measured window, at its end.
        assertThat(lab.log())
                .contains(
                        "PROM query sum(rate(kafka_network_requestmetrics_requests_total{job=\"kafka\",request=\"Produce\"}[15s]))");
        // Charts: rate() over four 5 s scrape intervals (a shorter range can hold a single sample and return nothing).
        assertThat(lab.log())
                .filteredOn(l -> l.startsWith("PROM query_range"))
                .isNotEmpty()
                .allMatch(l -> l.contains("[20s]"));

        String out = outBytes.toString(StandardCharsets.UTF_8);
        assertThat(out)
                .contains("Running sweep: 2 phases, 40s in all")
                .contains(
                        "Note: All processes (the brokers, both apps, Prometheus and this runner) share this machine's "
                                + Runtime.getRuntime().availableProcessors() + " cores")
                .contains(
                        "  phase 1/2 linger-0  5s / 15s (10s left; run 30s left)  send 1000/s (target 1000/s)  p99 4.50 ms (corrected 4.80 ms)")
                // The second phase's warm-up and window are still to come beside the first's 10 s; then none.
                .contains("  phase 2/2 linger-20  5s / 15s (10s left; run 10s left)")
                .contains(
                        "phase 2/2 linger-20 done: 1000 records/s sent (target 1000/s), e2e p50 13.5 ms, p99 40.5 ms (corrected 43.2 ms)")
                .contains("| linger-20 | 20 | 16384 | none |")
                .contains("Results: ");

        Path results = dir.resolve("out/20261121T235000Z-sweep");
        assertThat(command.lastResults()).isEqualTo(results);
        assertThat(results.resolve("scenario.yaml"))
                .content()
                .contains("warmup: 5s")
                .contains("duration: 15s");
        for (String png : List.of(
                "latency-percentiles.png", "latency-over-time.png", "cpu.png", "requests.png", "bytes-in.png")) {
            assertThat(results.resolve(png)).as(png).isNotEmptyFile();
        }
        JsonNode summary =
                ResultsWriter.JSON.readTree(results.resolve("summary.json").toFile());
        assertThat(summary.path("complete").asBoolean()).isTrue();
        JsonNode first = summary.path("phases").get(0);
        JsonNode second = summary.path("phases").get(1);
        assertThat(first.path("achievedRate").asDouble()).isEqualTo(1000.0);
        assertThat(first.path("measuredSeconds").asDouble()).isEqualTo(15.0);
        assertThat(first.path("latencyMs").path("p50").asDouble()).isEqualTo(1.5);
        assertThat(second.path("latencyMs").path("p50").asDouble()).isEqualTo(13.5);
        assertThat(first.path("requestsPerSecond").path("produce").asDouble()).isEqualTo(900.0);
        assertThat(second.path("requestsPerSecond").path("produce").asDouble())
                .isCloseTo(900.0 / 21, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(first.path("cpuCores").path("brokers").propertyNames()).containsExactly("1", "2", "3");
        // The client's figures are counted over the window: at linger 20 the fake's producer sends 1000 records/s
        // in 900 / 21 Produce requests/s plus one Metadata request every 10 s.
        assertThat(second.path("producer").path("recordsPerRequest").asDouble())
                .isCloseTo(1000 / (900.0 / 21 + 0.1), org.assertj.core.data.Offset.offset(1e-9));
        assertThat(second.path("producer").path("batchBytesPerRecord").asDouble())
                .isCloseTo(470.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(lab.log())
                .contains("PROM query sum(increase(kafka_producer_record_send_total{job=\"producer-app\"}[15s]))")
                .noneMatch(l -> l.contains("records_per_request_avg"));
        assertThat(summary.path("reading").path("sanityPassed").asBoolean()).isTrue();
        assertThat(summary.path("totals").path("drained").asBoolean()).isTrue();
        JsonNode env =
                ResultsWriter.JSON.readTree(results.resolve("environment.json").toFile());
        assertThat(env.path("kafkaClientsVersion").asString()).isEqualTo("4.2.1");
        assertThat(env.path("kafkaClientsVersionSource").asString()).contains("producer-app metrics");
        assertThat(env.path("cores").asInt()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(results.resolve("summary.md"))
                .content()
                .contains("## Reading")
                .contains("Sanity check passed");
    }

    @Test
    void aRepeatedScenarioRunsThePhasesInTheSeedsShuffledRoundsAndRecordsTheOrder() throws Exception {
        Files.writeString(dir.resolve("sweep.yaml"), "repeat: 3\n" + SCENARIO);
        RunPlan plan = RunPlan.of(new ScenarioLoader().load(dir.resolve("sweep.yaml")), 7);
        // The seed is chosen so that the order differs from the file's: else following the file would pass too.
        assertThat(plan.labels())
                .isNotEqualTo(
                        List.of("linger-0#1", "linger-20#1", "linger-0#2", "linger-20#2", "linger-0#3", "linger-20#3"));

        int code = Parsed.execute(command, args("--warmup", "5s", "--phase-duration", "15s", "--seed", "7"));

        assertThat(code).as(errBytes.toString()).isZero();
        // The producer is switched to each planned phase's settings, in the plan's order.
        List<Integer> switched = lab.log().stream()
                .filter(l -> l.startsWith("POST /actuator/producer {\"lingerMs\""))
                .map(l -> Integer.parseInt(l.replaceAll(".*\"lingerMs\":(\\d+).*", "$1")))
                .toList();
        assertThat(switched)
                .containsExactlyElementsOf(
                        plan.phases().stream().map(p -> p.settings().lingerMs()).toList());
        assertThat(outBytes.toString(StandardCharsets.UTF_8))
                .contains("Running sweep: 6 phases (2 x 3 repeats), 2m in all")
                .contains("--seed 7 runs this order again): " + String.join(" ", plan.labels()));
        JsonNode summary = ResultsWriter.JSON.readTree(
                command.lastResults().resolve("summary.json").toFile());
        assertThat(summary.path("repeats").path("count").asInt()).isEqualTo(3);
        assertThat(summary.path("repeats").path("seed").asLong()).isEqualTo(7);
        assertThat(summary.path("repeats").path("order").valueStream().map(JsonNode::asString))
                .containsExactlyElementsOf(plan.labels());
        // Per scenario phase, in the file's order: every figure's median and range over the three repeats.
        JsonNode spreads = summary.path("repeats").path("phases");
        assertThat(spreads.valueStream().map(p -> p.path("name").asString())).containsExactly("linger-0", "linger-20");
        JsonNode p50 = spreads.get(1).path("figures").path("latencyMs.p50");
        assertThat(p50.path("median").asDouble()).isEqualTo(13.5);
        assertThat(p50.path("min").asDouble()).isEqualTo(13.5);
        assertThat(p50.path("values")).hasSize(3);
        assertThat(spreads.get(1)
                        .path("figures")
                        .path("requestsPerSecond.produce")
                        .path("median")
                        .asDouble())
                .isCloseTo(900.0 / 21, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(summary.path("repeats").path("spread").asString()).startsWith("min..max");
        assertThat(command.lastResults().resolve("latency-percentiles.png")).isNotEmptyFile();
        assertThat(command.lastResults().resolve("summary.md"))
                .content()
                .contains("## Repeats")
                .contains("| linger-20#3 |");
        JsonNode phases = summary.path("phases");
        assertThat(phases).hasSize(6);
        for (int i = 0; i < 6; i++) {
            assertThat(phases.get(i).path("name").asString())
                    .isEqualTo(plan.phases().get(i).name());
            assertThat(phases.get(i).path("repeat").asInt())
                    .isEqualTo(plan.phases().get(i).repeat());
        }
    }

    @Test
    void withoutSeedARandomOneIsPrintedAndRecorded() throws Exception {
        int code = Parsed.execute(command, args("--warmup", "5s", "--phase-duration", "15s"));

        assertThat(code).isZero();
        long seed = ResultsWriter.JSON
                .readTree(command.lastResults().resolve("summary.json").toFile())
                .path("repeats")
                .path("seed")
                .asLong(-1);
        assertThat(seed).isNotNegative();
        assertThat(outBytes.toString(StandardCharsets.UTF_8))
                .contains("Order: as in the file (one repeat; seed " + seed + " recorded, no shuffle)");
    }

    @Test
    void aPhasesWindowOpensOnlyOnceTheSenderHasCaughtUpWithItsSchedule() throws Exception {
        // Still 400 ms behind when the first phase's 5 s warm-up ends: the window waits for it.
        lab.behindScheduleUntil(START.plusSeconds(8), 400);

        int code = Parsed.execute(command, args("--warmup", "5s", "--phase-duration", "15s"));

        assertThat(code).as(errBytes.toString()).isZero();
        assertThat(outBytes.toString())
                .contains("phase linger-0: its window opened")
                .contains("once the sender had caught up with its schedule")
                .doesNotContain("phase linger-20: its window opened");
        JsonNode first = ResultsWriter.JSON
                .readTree(command.lastResults().resolve("summary.json").toFile())
                .path("phases")
                .get(0);
        assertThat(Instant.parse(first.path("measuredFrom").asString())).isAfterOrEqualTo(START.plusSeconds(8));
    }

    @Test
    void aSenderThatNeverCatchesUpIsMeasuredAfterABoundedWaitAndTheReportSaysSo() throws Exception {
        lab.behindScheduleUntil(START.plusSeconds(3_600), 400);

        int code = Parsed.execute(command, args("--warmup", "5s", "--phase-duration", "15s"));

        assertThat(code).as(errBytes.toString()).isZero();
        JsonNode summary = ResultsWriter.JSON.readTree(
                command.lastResults().resolve("summary.json").toFile());
        assertThat(summary.path("warnings").toString())
                .contains("phase linger-0: the sender was still 400 ms behind its schedule 30s after the warm-up");
    }

    @Test
    void aPhaseOnASharedTopicOpensItsWindowOnlyOnceTheConsumerHasReadWhatWasSentBeforeIt() throws Exception {
        // The consumer 20,000 records behind (the backlog a flood before left) until 12 s into the run.
        lab.consumerBehindUntil(START.plusSeconds(12), 20_000);

        int code = Parsed.execute(command, args("--warmup", "5s", "--phase-duration", "15s"));

        assertThat(code).as(errBytes.toString()).isZero();
        assertThat(outBytes.toString())
                .contains("phase linger-0: its window opened")
                .contains("once the consumer had reached the records sent before it")
                .doesNotContain("phase linger-20: its window opened");
        JsonNode summary = ResultsWriter.JSON.readTree(
                command.lastResults().resolve("summary.json").toFile());
        assertThat(Instant.parse(
                        summary.path("phases").get(0).path("measuredFrom").asString()))
                .isAfterOrEqualTo(START.plusSeconds(12));
        assertThat(summary.path("warnings").toString()).contains("once the consumer had reached the records");
    }

    @Test
    void aConsumerThatNeverCatchesUpIsMeasuredAfterABoundedWaitAndTheReportSaysHowFarBehind() throws Exception {
        lab.consumerBehindUntil(START.plusSeconds(3_600), 20_000);

        int code = Parsed.execute(command, args("--warmup", "5s", "--phase-duration", "15s"));

        assertThat(code).as(errBytes.toString()).isZero();
        JsonNode summary = ResultsWriter.JSON.readTree(
                command.lastResults().resolve("summary.json").toFile());
        assertThat(summary.path("warnings").toString())
                .contains("phase linger-0: the consumer was still ")
                .contains("records behind the producer 30s after the warm-up")
                .contains("its latency includes the backlog the phases before it left");
    }

    @Test
    void aCapacityOfTheAccountingReachedStopsTheRunNamingIt() throws Exception {
        lab.ledgerLimitHit("partition 0 needed more than 64 offset segments at once");

        int code = Parsed.execute(command, args("--warmup", "5s", "--phase-duration", "15s"));

        assertThat(code).isEqualTo(1);
        JsonNode summary = ResultsWriter.JSON.readTree(
                command.lastResults().resolve("summary.json").toFile());
        assertThat(summary.path("complete").asBoolean()).isFalse();
        assertThat(summary.path("stopReason").asString())
                .contains("offset ledger of topic lab.orders hit a limit")
                .contains("partition 0 needed more than 64 offset segments");
        // Past the limit the ledger no longer tells a phase's offsets: no counts, so no loss, is reported.
        JsonNode first = summary.path("phases").get(0);
        assertThat(first.path("counts").isMissingNode() || first.path("counts").isNull())
                .as("counts of %s", first)
                .isTrue();
        assertThat(summary.path("warnings").toString())
                .contains("its counts are unknown, not reported, because the consumer's offset ledger")
                .doesNotContain("never reached the consumer group");
    }

    @Test
    void aZeroPhaseDurationIsAWrongCommandLineAndNothingRuns() throws Exception {
        // A UsageException: the CLI prints it with the usage and exits 2.
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> Parsed.execute(command, args("--phase-duration", "0s")))
                .isInstanceOf(UsageException.class)
                .hasMessageContaining("--phase-duration must be longer than 0s");
        assertThat(lab.log()).noneMatch(l -> l.startsWith("POST"));
    }

    private RunCommand commandWith(ScenarioRunner.Options options) {
        return new RunCommand(
                new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                new PrintStream(errBytes, true, StandardCharsets.UTF_8),
                dir,
                new JsonHttp(Duration.ofSeconds(2), Duration.ofSeconds(5)),
                time,
                time,
                options,
                false);
    }

    @Test
    void byDefaultTheHighestRateRunsUnmeasuredUntilThreeWindowsAgree() throws Exception {
        Files.writeString(
                dir.resolve("sweep.yaml"),
                SCENARIO.replace("    settings: {lingerMs: 20}", "    settings: {lingerMs: 20, rate: 2000}"));
        // The fake stack's figures fall until 45 s in: the windows ending at 50, 60 and 70 s are the first three
        // to agree.
        lab.settlesAt(START.plusSeconds(45));
        RunCommand withDefaults = commandWith(ScenarioRunner.Options.DEFAULT);

        int code = Parsed.execute(withDefaults, args("--warmup", "5s", "--phase-duration", "15s"));

        assertThat(code).as(errBytes.toString()).isZero();
        String load = "POST /actuator/producer {\"lingerMs\":20,\"batchSize\":16384,\"compression\":\"none\","
                + "\"rate\":2000.0,\"payloadBytes\":400,\"keyStrategy\":\"order-id\",\"payload\":\"words\",\"acks\":\"all\",\"transactionMs\":0,\"abortEvery\":0,\"pacing\":\"even\",\"producerConfig\":{},\"running\":true,\"phase\":0,\"topic\":\"lab.orders\",\"header\":true}";
        List<String> calls =
                lab.log().stream().filter(l -> !l.startsWith("PROM")).toList();
        // The warm-up's load, then the consumer reset on a quiet stream, then the first phase.
        assertThat(calls)
                .containsSubsequence(
                        load,
                        "POST /actuator/producer {\"running\":false}",
                        "DELETE /actuator/latency",
                        "POST /actuator/producer {\"lingerMs\":0,\"batchSize\":16384,\"compression\":\"none\","
                                + "\"rate\":1000.0,\"payloadBytes\":400,\"keyStrategy\":\"order-id\",\"payload\":\"words\",\"acks\":\"all\",\"transactionMs\":0,\"abortEvery\":0,\"pacing\":\"even\",\"producerConfig\":{},\"running\":true,\"phase\":0,\"topic\":\"lab.orders\",\"header\":true}");
        assertThat(lab.log())
                .contains("PROM query histogram_quantile(0.5, sum by (le) "
                        + "(rate(lab_e2e_latency_seconds_bucket{job=\"consumer-app\"}[10s]))) * 1000");
        assertThat(outBytes.toString(StandardCharsets.UTF_8))
                .contains("after a stack warm-up of 30s to 3m")
                .contains("Stack warm-up: linger-20's settings (the scenario's highest rate, 2000 records/s)")
                .contains("  stack warm-up 20s: e2e p50 ")
                .contains("Stack steady: steady after 1m10s: e2e p50 ");
        JsonNode summary = ResultsWriter.JSON.readTree(
                withDefaults.lastResults().resolve("summary.json").toFile());
        JsonNode warmup = summary.path("stackWarmup");
        assertThat(warmup.path("steady").asBoolean()).isTrue();
        assertThat(warmup.path("criterion").asString()).isEqualTo(StackWarmup.criterion());
        assertThat(warmup.path("floorSeconds").asDouble()).isEqualTo(30.0);
        assertThat(warmup.path("ceilingSeconds").asDouble()).isEqualTo(180.0);
        assertThat(warmup.path("durationSeconds").asDouble()).isEqualTo(70.0);
        assertThat(warmup.path("windows")).hasSize(7);
        assertThat(warmup.path("windows").valueStream().map(w -> w.path("steady")
                        .asBoolean()))
                .containsExactly(false, false, false, false, false, false, true);
        assertThat(warmup.path("windows").get(0).path("cpuCores").asDouble())
                .isGreaterThan(warmup.path("windows").get(6).path("cpuCores").asDouble());
        // Measuring starts after the warm-up and the phase's own warm-up, never before.
        assertThat(Instant.parse(
                        summary.path("phases").get(0).path("measuredFrom").asString()))
                .isAfterOrEqualTo(START.plusSeconds(70 + 5));
        assertThat(summary.path("reading").path("paragraph").asString()).doesNotContain("not shown steady");
        assertThat(withDefaults.lastResults().resolve("summary.md"))
                .content()
                .contains("## Stack warm-up")
                .contains("at least 30s, at most 3m. It ran 1m10s. Outcome: steady after 1m10s")
                .contains("| 7 | 70 |");
    }

    @Test
    void aStackThatNeverSettlesIsMeasuredAfterTheCeilingAndTheReadingSaysSo() throws Exception {
        lab.neverSettles();

        int code = Parsed.execute(command, args("--warmup", "5s", "--phase-duration", "15s", "--stack-warmup", "1m"));

        assertThat(code).as(errBytes.toString()).isZero();
        assertThat(outBytes.toString(StandardCharsets.UTF_8))
                .contains("not steady yet")
                .contains("Stack NOT shown steady, measuring anyway: not steady at the ceiling, 1m");
        JsonNode summary = ResultsWriter.JSON.readTree(
                command.lastResults().resolve("summary.json").toFile());
        assertThat(summary.path("complete").asBoolean()).isTrue();
        JsonNode warmup = summary.path("stackWarmup");
        assertThat(warmup.path("steady").asBoolean(true)).isFalse();
        assertThat(warmup.path("windows")).hasSize(6);
        assertThat(summary.path("reading").path("paragraph").asString())
                .contains("The stack was not shown steady before the first phase (stack warm-up not steady at the "
                        + "ceiling, 1m");
    }

    @Test
    void withoutFiguresFromPrometheusTheWarmupRunsItsFloorAndSaysItCouldNotJudge() throws Exception {
        lab.prometheusEmpty();

        int code = Parsed.execute(command, args("--warmup", "5s", "--phase-duration", "15s", "--stack-warmup", "3m"));

        assertThat(code).as(errBytes.toString()).isZero();
        JsonNode warmup = ResultsWriter.JSON
                .readTree(command.lastResults().resolve("summary.json").toFile())
                .path("stackWarmup");
        assertThat(warmup.path("steady").asBoolean(true)).isFalse();
        assertThat(warmup.path("durationSeconds").asDouble()).isEqualTo(30.0);
        assertThat(warmup.path("outcome").asString())
                .startsWith("not judged: Prometheus had no e2e p50 and CPU figures (Prometheus has no value for ")
                .endsWith("so it ran the floor, 30s");
        assertThat(outBytes.toString(StandardCharsets.UTF_8)).contains("Stack NOT shown steady, measuring anyway");
    }

    @Test
    void aSkippedWarmupStartsTheLoadOnlyForTheFirstPhaseAndIsRecordedAsSkipped() throws Exception {
        int code = Parsed.execute(
                commandWith(ScenarioRunner.Options.DEFAULT),
                args("--warmup", "5s", "--phase-duration", "15s", "--stack-warmup", "0"));

        assertThat(code).isZero();
        assertThat(outBytes.toString(StandardCharsets.UTF_8)).contains("Stack warm-up skipped (--stack-warmup 0)");
        assertThat(lab.log().stream().filter(l -> l.startsWith("POST")).findFirst())
                .contains("POST /actuator/producer {\"running\":false}");
    }

    @Test
    void aPhaseWhosePartitionsTheGroupNeverReadStopsTheRunNamingItsUnreadRecords() throws Exception {
        lab.consumerStalled();

        int code = Parsed.execute(command, args("--warmup", "5s", "--phase-duration", "15s"));

        assertThat(code).isEqualTo(1);
        JsonNode summary = ResultsWriter.JSON.readTree(
                command.lastResults().resolve("summary.json").toFile());
        assertThat(summary.path("complete").asBoolean()).isFalse();
        assertThat(summary.path("stopReason").asString())
                .contains("phase linger-0")
                .contains("unread")
                .contains("partitions the consumer group has not read");
        // The phase is kept as it was closed, with its counts; the next one never ran.
        assertThat(summary.path("phases")).hasSize(1);
        assertThat(summary.path("phases").get(0).path("counts").path("unread").asLong())
                .isPositive();
    }

    @Test
    void warmupLimitsThatCannotWorkAreRefusedBeforeAnythingIsCalled() {
        assertThatThrownBy(() -> Parsed.execute(command, args("--stack-warmup", "5s")))
                .isInstanceOf(UsageException.class)
                .hasMessage("--stack-warmup must be 0s (none) or at least 10s (one window of the steadiness "
                        + "criterion), got 5s");
        assertThatThrownBy(() -> Parsed.execute(command, args("--stack-warmup", "1m", "--stack-warmup-floor", "2m")))
                .isInstanceOf(UsageException.class)
                .hasMessage("--stack-warmup-floor (2m) must not be longer than --stack-warmup (1m)");
        assertThat(lab.log()).isEmpty();
    }

    @Test
    void anAbortStopsTheLoadAndWritesWhatWasMeasured() throws Exception {
        Instant abortAt = START.plusSeconds(60 + 10 + 20);
        time.afterSleep(now -> {
            if (!now.isBefore(abortAt)) {
                command.abort("interrupted (test)");
            }
        });

        int code = Parsed.execute(command, args());

        assertThat(code).isEqualTo(1);
        List<String> calls =
                lab.log().stream().filter(l -> l.startsWith("POST")).toList();
        assertThat(calls.get(calls.size() - 1)).isEqualTo("POST /actuator/producer {\"running\":false}");
        JsonNode summary = ResultsWriter.JSON.readTree(
                command.lastResults().resolve("summary.json").toFile());
        assertThat(summary.path("complete").asBoolean()).isFalse();
        assertThat(summary.path("stopReason").asString()).isEqualTo("interrupted (test)");
        assertThat(summary.path("phases")).hasSize(2);
        assertThat(summary.path("phases").get(0).path("complete").asBoolean()).isTrue();
        JsonNode cut = summary.path("phases").get(1);
        assertThat(cut.path("complete").asBoolean()).isFalse();
        assertThat(cut.path("measuredSeconds").asDouble()).isEqualTo(20.0);
        assertThat(outBytes.toString(StandardCharsets.UTF_8))
                .contains("Stopping: interrupted (test)")
                .contains("NOT complete: interrupted (test)")
                .contains("| linger-20 (partial) |");
    }

    /** Measured windows opened so far: each opens with the producer entering its phase. */
    private long windowsOpened() {
        return lab.log().stream()
                .filter(l -> l.matches("POST /actuator/producer \\{\"phase\":[1-9].*"))
                .count();
    }

    /**
     * Does {@code action} once, after the first sleep that ends {@code seconds} or more after the end of
     * the sleep in which measured window {@code window} was seen open.
     */
    private void onceInWindow(int window, int seconds, Runnable action) {
        Instant[] opened = new Instant[1];
        boolean[] done = {false};
        time.afterSleep(now -> {
            if (opened[0] == null && windowsOpened() == window) {
                opened[0] = now;
            }
            if (opened[0] != null && !done[0] && !now.isBefore(opened[0].plusSeconds(seconds))) {
                done[0] = true;
                action.run();
            }
        });
    }

    @Test
    void aPhaseCutShortWhileItIsClosedKeepsTheWindowItMeasured() throws Exception {
        // The consumer stalls near the end of the second window, so its fence waits; the stop comes 3 s into that
        // wait.
        Instant[] secondWindow = new Instant[1];
        time.afterSleep(now -> {
            if (secondWindow[0] == null && windowsOpened() == 2) {
                secondWindow[0] = now;
            }
            if (secondWindow[0] != null && !now.isBefore(secondWindow[0].plusSeconds(45))) {
                lab.consumerStalled();
            }
            if (secondWindow[0] != null && !now.isBefore(secondWindow[0].plusSeconds(53))) {
                command.abort("interrupted (test)");
            }
        });

        int code = Parsed.execute(command, args());

        assertThat(code).isEqualTo(1);
        JsonNode summary = ResultsWriter.JSON.readTree(
                command.lastResults().resolve("summary.json").toFile());
        assertThat(summary.path("phases")).hasSize(2);
        JsonNode cut = summary.path("phases").get(1);
        assertThat(cut.path("complete").asBoolean()).isFalse();
        assertThat(cut.path("measuredSeconds").asDouble())
                .as("the window, not the window and the wait for the fence")
                .isEqualTo(50.0);
        assertThat(cut.path("achievedRate").asDouble()).isCloseTo(1000.0, org.assertj.core.data.Offset.offset(1.0));
    }

    @Test
    void aProducerRestartedDuringAWindowStopsThePhaseWithItsRateUpToTheRestart() throws Exception {
        // Restarted 25 s into the second window (its first sleep ends 5 s into it), before that second's progress poll.
        onceInWindow(2, 20, lab::producerRestarted);

        int code = Parsed.execute(command, args());

        assertThat(code).isEqualTo(1);
        JsonNode summary = ResultsWriter.JSON.readTree(
                command.lastResults().resolve("summary.json").toFile());
        assertThat(summary.path("stopReason").asString())
                .contains("count of records sent went back")
                .contains("it was restarted");
        assertThat(summary.path("phases")).hasSize(2);
        JsonNode cut = summary.path("phases").get(1);
        assertThat(cut.path("complete").asBoolean()).isFalse();
        assertThat(cut.path("measuredSeconds").asDouble())
                .as("up to the last poll before the restart")
                .isEqualTo(20.0);
        assertThat(cut.path("achievedRate").asDouble()).isCloseTo(1000.0, org.assertj.core.data.Offset.offset(1.0));
        assertThat(summary.path("warnings").toString()).contains("went back from");
    }

    @Test
    void aRateSetElsewhereDuringAWindowStopsThePhaseAtTheNextProgressReadNamingTheChange() throws Exception {
        // Set 12 s after the sleep that saw the first window open: the progress read at 20 s sees it, not only the
        // window's end at 50 s.
        onceInWindow(1, 12, () -> lab.producerRateSetElsewhere(4000));

        int code = Parsed.execute(command, args());

        assertThat(code).isEqualTo(1);
        JsonNode summary = ResultsWriter.JSON.readTree(
                command.lastResults().resolve("summary.json").toFile());
        assertThat(summary.path("stopReason").asString())
                .isEqualTo("failed: producer-app is not what the runner set when the window opened: rate 1000 → 4000:"
                        + " restarted or changed by someone else meanwhile, so the window measures other settings than"
                        + " asked and the phase stops here");
        JsonNode cut = summary.path("phases").get(0);
        assertThat(cut.path("complete").asBoolean()).isFalse();
        assertThat(cut.path("measuredSeconds").asDouble())
                .as("up to the last progress read before the one that saw the change: its count is the phase's")
                .isEqualTo(15.0);
        assertThat(summary.path("warnings").toString())
                .contains("the producer was changed by someone else (rate 1000 → 4000), so its rate covers the window"
                        + " up to the last progress poll");
    }

    @Test
    void aReleaseTheConsumerRefusesStopsTheRunWithThePhaseStoredOnce() throws Exception {
        lab.releaseFails();

        int code = Parsed.execute(command, args());

        assertThat(code).isEqualTo(1);
        JsonNode summary = ResultsWriter.JSON.readTree(
                command.lastResults().resolve("summary.json").toFile());
        assertThat(summary.path("stopReason").asString()).contains("release failed (test)");
        assertThat(summary.path("phases")).hasSize(1);
        assertThat(summary.path("phases").get(0).path("complete").asBoolean()).isTrue();
    }

    @Test
    void aPartThatFailsMidRunEndsTheRunWithWhatWasMeasuredAndSaysTheLoadMayStillRun() throws Exception {
        Instant failAt = START.plusSeconds(60);
        time.afterSleep(now -> {
            if (!now.isBefore(failAt)) {
                lab.producerStatus(500);
            }
        });

        int code = Parsed.execute(command, args());

        assertThat(code).isEqualTo(1);
        JsonNode summary = ResultsWriter.JSON.readTree(
                command.lastResults().resolve("summary.json").toFile());
        assertThat(summary.path("complete").asBoolean()).isFalse();
        assertThat(summary.path("stopReason").asString())
                .startsWith("failed: producer-app: ")
                .contains("answered HTTP 500");
        // The first phase's end could not be read from the producer: kept, marked partial, its latency still from the
        // consumer.
        assertThat(summary.path("phases")).hasSize(1);
        assertThat(summary.path("phases").get(0).path("complete").asBoolean()).isFalse();
        assertThat(summary.path("phases").get(0).path("latencyMs").path("p50").asDouble())
                .isEqualTo(1.5);
        assertThat(summary.path("warnings").toString())
                .contains("could not stop the load")
                .contains("{\\\"running\\\":false}");
    }

    @Test
    void whatPrometheusDoesNotHaveIsNullAndNotAvailable() throws Exception {
        lab.prometheusEmpty();

        int code = Parsed.execute(command, args("--warmup", "0s", "--phase-duration", "15s"));

        assertThat(code).isZero();
        JsonNode phase = ResultsWriter.JSON
                .readTree(command.lastResults().resolve("summary.json").toFile())
                .path("phases")
                .get(0);
        assertThat(phase.path("cpuCores").path("producer").isNull()).isTrue();
        assertThat(phase.path("requestsPerSecond").path("produce").isNull()).isTrue();
        assertThat(phase.path("bytesInPerSecond").isNull()).isTrue();
        assertThat(phase.path("latencyMs").path("p50").asDouble()).isEqualTo(1.5);
        assertThat(command.lastResults().resolve("summary.md"))
                .content()
                .contains("| linger-0 | n/a | n/a | n/a | n/a | n/a | n/a | n/a |")
                .contains("cpu.png not drawn: Prometheus returned no data for it");
        assertThat(command.lastResults().resolve("cpu.png")).doesNotExist();
        assertThat(command.lastResults().resolve("latency-percentiles.png")).isNotEmptyFile();
    }

    @Test
    void aLabThatIsNotUpIsReportedBeforeAnyLoadStarts() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        List<String> a = args();
        a.set(a.indexOf("--prometheus") + 1, "http://127.0.0.1:" + port);

        int code = Parsed.execute(command, a);

        assertThat(code).isEqualTo(1);
        assertThat(errBytes.toString(StandardCharsets.UTF_8))
                .contains("The lab is not ready; these do not answer:")
                .contains("Prometheus does not answer at http://127.0.0.1:" + port + "/-/ready (connection refused)")
                .contains("scripts/lab up");
        assertThat(lab.log()).noneMatch(l -> l.startsWith("POST") || l.startsWith("DELETE"));
    }

    @Test
    void aPhaseTopicTheConsumerDoesNotReadIsRefusedBeforeAnyPhaseRuns() throws Exception {
        Files.writeString(
                dir.resolve("sweep.yaml"),
                SCENARIO.replace("  - name: linger-0\n", "  - name: linger-0\n    topic: lab.p10\n"));

        int code = Parsed.execute(command, args("--stack-warmup", "0s"));

        assertThat(code).isEqualTo(1);
        assertThat(outBytes.toString(StandardCharsets.UTF_8))
                .contains("phase linger-0 writes topic lab.p10, which the consumer does not read");
        assertThat(lab.log()).noneMatch(l -> l.contains("\"phase\":0,\"topic\""));
    }

    @Test
    void stepsOnMoreConsumerInstancesThanTheRunDrivesOrWithoutAControlAreRefusedBeforeAnything() throws Exception {
        Files.writeString(
                dir.resolve("sweep.yaml"),
                SCENARIO.replace(
                        "    settings: {lingerMs: 0}\n",
                        "    settings: {lingerMs: 0}\n    faults: [{at: 5s, kill: consumer-2}, {at: 9s, restart: consumer-2}]\n"));

        int code = Parsed.execute(command, args("--consumer-control", "true"));

        assertThat(code).isEqualTo(2);
        assertThat(errBytes.toString(StandardCharsets.UTF_8))
                .contains("The scenario acts on consumer-app instance 2, and the run drives 1:"
                        + " start them with scripts/lab up --local --consumers 2");
        assertThat(lab.log()).isEmpty();

        int dry = Parsed.execute(command, args("--dry-run", "--consumer-control", "true"));

        assertThat(dry).isEqualTo(1);
        assertThat(outBytes.toString(StandardCharsets.UTF_8))
                .contains("the run would refuse to start, running nothing: The scenario acts on consumer-app"
                        + " instance 2, and the run drives 1");

        List<String> two = args();
        // Two instances of one double, by two names: one URL given twice is refused as a duplicate.
        two.set(
                two.indexOf("--consumer") + 1,
                lab.url() + "," + lab.url().toString().replace("127.0.0.1", "localhost"));
        errBytes.reset();
        int without = Parsed.execute(
                commandWith(new ScenarioRunner.Options(
                        Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofMillis(500))),
                two);

        assertThat(without).isEqualTo(2);
        assertThat(errBytes.toString(StandardCharsets.UTF_8))
                .contains("no consumer control was given: run it with scripts/lab run");
        assertThat(lab.log()).isEmpty();
    }

    @Test
    void aStepLeavingNoConsumerInstanceRunningIsRefusedByTheDryRunToo() throws Exception {
        Files.writeString(
                dir.resolve("sweep.yaml"),
                SCENARIO.replace(
                        "    settings: {lingerMs: 0}\n",
                        "    settings: {lingerMs: 0}\n    faults: [{at: 5s, kill: consumer-1}, {at: 9s, restart: consumer-1}]\n"));

        int dry = Parsed.execute(command, args("--dry-run", "--consumer-control", "true"));

        assertThat(dry).isEqualTo(1);
        assertThat(outBytes.toString(StandardCharsets.UTF_8))
                .contains("the run would refuse to start, running nothing: Phase 'linger-0': kill consumer-app 1"
                        + " at 5s would leave no consumer-app instance running");
        assertThat(lab.log()).isEmpty();
    }

    @Test
    void takingDownTheOneInstanceRunningWaitsForTheOtherOnesStart() throws Exception {
        // kill 1, restart 1 a second later, stop 2 a second after that: instance 1's JVM is still starting.
        Files.writeString(
                dir.resolve("sweep.yaml"),
                SCENARIO.replace(
                        "    settings: {lingerMs: 0}\n",
                        "    settings: {lingerMs: 0}\n    faults: [{at: 1s, kill: consumer-1}, {at: 2s, restart: consumer-1},"
                                + " {at: 3s, stop: consumer-2}, {at: 30s, restart: consumer-2}]\n"));
        Path control = dir.resolve("control.sh");
        // A start takes a while (real seconds, while the window's clock is the test's).
        Files.writeString(control, "#!/bin/sh\n[ \"$1\" = restart ] && sleep 2\nexit 0\n");
        control.toFile().setExecutable(true);
        List<String> two = args("--consumer-control", control.toString());
        // Two instances of one double, by two names: one URL given twice is refused as a duplicate.
        two.set(
                two.indexOf("--consumer") + 1,
                lab.url() + "," + lab.url().toString().replace("127.0.0.1", "localhost"));

        int code = Parsed.execute(command, two);

        assertThat(code).as(errBytes + "\n" + outBytes).isZero();
        assertThat(outBytes.toString(StandardCharsets.UTF_8))
                .contains("  stop consumer-app 2 waits for consumer-app 1 to answer: it is the only one running")
                .contains("  consumer-app 1 (restart at 2.0 s) answers again")
                .doesNotContain("every consumer-app instance of the run is down");
    }

    @Test
    void aTakedownThatAFailedStartWouldLeaveTheLastOneIsNotCarriedOut() throws Exception {
        // kill 2, restart 2 (its start fails), stop 1 while 2's start is under way: then 1 is the only one.
        Files.writeString(
                dir.resolve("sweep.yaml"),
                SCENARIO.replace(
                        "    settings: {lingerMs: 0}\n",
                        "    settings: {lingerMs: 0}\n    faults: [{at: 1s, kill: consumer-2}, {at: 2s, restart: consumer-2},"
                                + " {at: 3s, stop: consumer-1}, {at: 30s, restart: consumer-1}]\n"));
        Path marker = dir.resolve("consumer-2.down");
        Path control = dir.resolve("control.sh");
        Files.writeString(
                control,
                "#!/bin/sh\ncase \"$1 $2\" in\n  \"kill 2\") touch '" + marker + "' ;;\n"
                        + "  \"restart 2\") sleep 2; exit 1 ;;\nesac\nexit 0\n");
        control.toFile().setExecutable(true);
        List<String> two = args("--consumer-control", control.toString());
        two.set(
                two.indexOf("--consumer") + 1,
                lab.url() + "," + lab.url().toString().replace("127.0.0.1", "localhost"));
        lab.downWhile("localhost", marker);

        Parsed.execute(command, two);

        assertThat(outBytes.toString(StandardCharsets.UTF_8) + errBytes)
                .contains("  stop consumer-app 1 waits for consumer-app 2 to answer: it is the only one running")
                .contains("consumer-app 2 does not answer")
                .contains("stop consumer-app 1 at 3s failed: not carried out: consumer-app 1 is the only instance"
                        + " answering (the start of consumer-app 2 failed)")
                .contains("restart consumer-app 1 at 30s failed: not carried out: consumer-app 1 was not taken down")
                .doesNotContain("consumer-app 1 (restart at 30.0 s) answers again")
                .doesNotContain("every consumer-app instance of the run is down");
        assertThat(command.lastResults().resolve("summary.json")).exists();
    }

    @Test
    void whatTheProducerInstancesCannotGiveIsRefusedBeforeAnything() throws Exception {
        Files.writeString(
                dir.resolve("sweep.yaml"),
                SCENARIO.replace("    settings: {lingerMs: 0}\n", "    settings: {lingerMs: 0}\n    producers: 2\n"));

        int code = Parsed.execute(command, args());

        assertThat(code).isEqualTo(2);
        assertThat(errBytes.toString(StandardCharsets.UTF_8))
                .contains("The scenario cannot be run:")
                .contains("phase 'linger-0': asks for 2 producer-app instances, and the run drives 1:"
                        + " start them with scripts/lab up --local --producers 2");
        assertThat(lab.log()).as("no call: the phases before it would have run").isEmpty();

        int dry = Parsed.execute(command, args("--dry-run"));

        assertThat(dry).isEqualTo(1);
        assertThat(outBytes.toString(StandardCharsets.UTF_8))
                .contains("the run would refuse to start, running nothing: phase 'linger-0': asks for 2 producer-app"
                        + " instances");
    }
}
