package dev.latencylab.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The lab as a user runs it, on real processes and from the repository root: {@code scripts/lab up
 * --local} (three KRaft brokers with the JMX exporter, Prometheus, producer-app, consumer-app), the
 * linger sweep through the runner, the results folder it writes, then {@code scripts/lab down} and
 * nothing of the lab left running, whatever failed before.
 *
 * <p>The stack lives in its own LAB_DIR under tests/lab-e2e/target/e2e (fresh broker storage, logs kept
 * for a failed CI run), on the contract's fixed ports, so it cannot run beside another lab stack on
 * the same machine. Every wait is bounded; the bounds are generous for a loaded 2-core machine.
 */
class LingerSweepIT {

    private static final Duration UP_TIMEOUT = Duration.ofMinutes(13);
    private static final Duration SWEEP_TIMEOUT = Duration.ofMinutes(12);
    private static final Duration DOWN_TIMEOUT = Duration.ofMinutes(4);
    private static final Duration STATUS_TIMEOUT = Duration.ofMinutes(1);
    /** scripts/lab's own bound per health wait, raised from its 120 s default for a loaded CI machine. */
    private static final String LAB_UP_TIMEOUT_SECONDS = "240";

    private static final List<String> STACK =
            List.of("kafka-1", "kafka-2", "kafka-3", "prometheus", "producer-app", "consumer-app");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Path root =
            Path.of(System.getProperty("lab.root", "../..")).toAbsolutePath().normalize();
    private final String version = System.getProperty("lab.version", "0.1.0-SNAPSHOT");
    private final Path work = Path.of(System.getProperty("lab.e2e.dir", "target/e2e"))
            .toAbsolutePath()
            .normalize();
    private final Path labDir = work.resolve(".lab");
    private final Path resultsRoot = work.resolve("results");

    @Test
    void upSweepAndDownLeaveAFullResultsFolderAndNothingRunning() throws Exception {
        requireBuiltJars();
        LabScript lab = new LabScript(
                root,
                work.resolve("logs"),
                Map.of("LAB_DIR", labDir.toString(), "LAB_UP_TIMEOUT", LAB_UP_TIMEOUT_SECONDS));
        freshWorkDir(lab);
        // Lab-like processes that ran before this test are not this test's to account for.
        Set<Long> before = LabProcesses.pids(LabProcesses.matching(this::isLabProcess));
        Map<String, LabProcesses.Started> started = new LinkedHashMap<>();
        Throwable failure = null;
        try {
            LabScript.Result up = lab.run(UP_TIMEOUT, "up", "--local");
            started.putAll(LabProcesses.fromPidFiles(labDir.resolve("pids")));
            assertThat(up.ok()).as(up.describe()).isTrue();
            assertThat(started).as("pid files after up").containsKeys(STACK.toArray(String[]::new));

            assertAMistakeChangesNothing(lab);

            LabScript.Result sweep = SweepAssertions.shortSweep(lab, SWEEP_TIMEOUT, resultsRoot);
            started.putAll(LabProcesses.fromPidFiles(labDir.resolve("pids")));
            assertThat(sweep.ok()).as(sweep.describe()).isTrue();
            // The runner says before and under its figures that everything shares this machine's cores.
            assertThat(sweep.output()).contains("share this machine's");

            Path results = SweepAssertions.onlyResultsFolder(resultsRoot);
            JsonNode summary = JSON.readTree(results.resolve("summary.json").toFile());
            System.out.println("lab-e2e: asserting on " + results.resolve("summary.md") + ":\n"
                    + Files.readString(results.resolve("summary.md")));
            SweepAssertions.assertSweep(summary, results);
            // diff reads a summary this runner wrote, as a user diffs two runs (the run against itself here).
            Path diffOut = resultsRoot.resolveSibling("diff");
            LabScript.Result diff = lab.run(
                    STATUS_TIMEOUT, "diff", results.toString(), results.toString(), "--out", diffOut.toString());
            assertThat(diff.ok()).as(diff.describe()).isTrue();
            assertThat(Files.readString(diffOut.resolve("diff.md"))).contains("| linger-0 |");

            SweepAssertions.everyPanelHasData(
                    lab,
                    results,
                    Instant.parse(summary.path("startedAt").asString("")),
                    Instant.parse(summary.path("endedAt").asString("")));

            // The experiments whose phases write their own topics, shortened to seconds per phase:
            // structure and every figure present, not the physics.
            JsonNode matrix = shortCompressionMatrix(lab);
            assertOwnTopicPhases(matrix, 5);
            SoftAssertions ratios = new SoftAssertions();
            for (JsonNode p : matrix.path("phases")) {
                SweepAssertions.positive(
                        ratios,
                        p.path("name").asString() + " disk ratio to none",
                        p.path("disk").path("ratioToNone"));
            }
            ratios.assertAll();
            assertOwnTopicPhases(shortPartitions(lab), 4);
            // Linger 0 only: its search (doubling, bisecting, the hold), the three measured phases it adds,
            // unthrottled.
            assertMaxRate(shortRunOf(lab, "max-rate", List.of("max-linger-0", "unthrottled-linger-0")));
            assertDrains(shortConsumerBatching(lab));
            assertBrokerFailure(shortBrokerFailure(lab));
            assertCompare(lab);

            if (root()) {
                // The apps move onto three hosts made of network namespaces, beyond loopback: the runner drives
                // two producer-apps and a consumer group across two hosts, each with its own ledger.
                LabScript.Result hosts = lab.run(
                        UP_TIMEOUT,
                        "up",
                        "--local",
                        "--hosts",
                        "--host-clock-skew",
                        String.valueOf(NamespaceHosts.SKEW_MS));
                started.putAll(LabProcesses.fromPidFiles(labDir.resolve("pids")));
                assertThat(hosts.ok()).as(hosts.describe()).isTrue();
                assertThat(started)
                        .as("pid files after up --hosts")
                        .containsKeys(NamespaceHosts.PROCESSES.toArray(String[]::new));
                LabScript.Result hostsStatus = lab.run(STATUS_TIMEOUT, "status", "--local");
                assertThat(hostsStatus.ok()).as(hostsStatus.describe()).isTrue();
                NamespaceHosts.assertStatus(hostsStatus.output());
                NamespaceHosts.changeWithoutTokenIsRefused(labDir);
                // Two of the sweep's phases: the others add a linger, not a path across hosts.
                JsonNode acrossHosts = shortRunOf(lab, "linger-sweep", "hosts", List.of("linger-0", "linger-20"), "5s");
                assertConsumerGroup(acrossHosts, 2);
                NamespaceHosts.assertRun(acrossHosts);
            } else {
                // A second consumer-app joins the group: the runner drives both and merges their figures.
                LabScript.Result two = lab.run(UP_TIMEOUT, "up", "--local", "--consumers", "2");
                started.putAll(LabProcesses.fromPidFiles(labDir.resolve("pids")));
                assertThat(two.ok()).as(two.describe()).isTrue();
                assertThat(started).as("pid files after up --consumers 2").containsKey("consumer-app-2");
                assertConsumerGroup(shortRun(lab, "consumer-group", "scenarios/linger-sweep.yaml", "5s"), 4);
            }

            // The producer-app moves behind the delay wire (root only: namespaces and TUN devices).
            if (root()) {
                LabScript.Result far = lab.run(UP_TIMEOUT, "up", "--local", "--consumers", "1", "--far-producer");
                started.putAll(LabProcesses.fromPidFiles(labDir.resolve("pids")));
                assertThat(far.ok()).as(far.describe()).isTrue();
                assertThat(started).as("pid files after up --far-producer").containsKey("network-delay");
                assertAddedDelay(shortAddedDelay(lab));
            } else {
                System.out.println("lab-e2e: not root: the far producer-app (network namespaces) is not tested");
            }
        } catch (Throwable t) {
            failure = t;
            throw t;
        } finally {
            // Down runs whatever happened above; its own failure never hides the first one.
            try {
                started.putAll(LabProcesses.fromPidFiles(labDir.resolve("pids")));
                LabScript.Result down = lab.run(DOWN_TIMEOUT, "down", "--local");
                assertNothingLeft(lab, down, started, before);
            } catch (Throwable t) {
                if (failure == null) {
                    throw t;
                }
                failure.addSuppressed(t);
            }
        }
    }

    /**
     * A scenario with mistakes, run on the stack that runs (the runner checks it, not a JVM of its own
     * before 'up'): exit 2, every mistake named with its path, no results folder, no process of the
     * stack replaced.
     */
    private void assertAMistakeChangesNothing(LabScript lab) throws IOException {
        Path bad = work.resolve("mistakes.yaml");
        Files.writeString(
                bad,
                """
                name: mistakes
                defaults: {warmup: 1s, duration: 2s}
                phases:
                  - name: a
                    settings: {lingerMs: -3, bogus: 1}
                """);
        Map<String, LabProcesses.Started> before = LabProcesses.fromPidFiles(labDir.resolve("pids"));
        Path out = work.resolve("results-mistakes");
        LabScript.Result run = lab.run(STATUS_TIMEOUT, "run", bad.toString(), "--results", out.toString());
        assertThat(run.exitCode()).as(run.describe()).isEqualTo(2);
        assertThat(run.output())
                .as(run.describe())
                .contains("phase 1 'a': settings.lingerMs: must have a minimum value of 0, got -3")
                .contains("phase 1 'a': settings.bogus: unknown field");
        assertThat(out).as("results of a run refused").doesNotExist();
        assertThat(LabProcesses.fromPidFiles(labDir.resolve("pids")))
                .as("the stack's processes")
                .isEqualTo(before);
    }

    /** After down: every process from a pid file gone, no pid file left, no new lab process anywhere. */
    private void assertNothingLeft(
            LabScript lab, LabScript.Result down, Map<String, LabProcesses.Started> started, Set<Long> before) {
        assertThat(down.ok()).as(down.describe()).isTrue();
        await("lab processes to be gone after down")
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> {
                    assertThat(started.values())
                            .as("processes from the pid files")
                            .noneMatch(LabProcesses.Started::alive);
                    assertThat(LabProcesses.fromPidFiles(labDir.resolve("pids")))
                            .as("pid files left")
                            .isEmpty();
                    assertThat(LabProcesses.matching(this::isLabProcess))
                            .as("lab processes started during this test")
                            .filteredOn(r -> !before.contains(r.pid()))
                            .isEmpty();
                });
        if (root()) {
            assertThat(networkNamespaces()).as("network namespaces left").noneMatch(n -> n.startsWith("latencylab-"));
            assertThat(labLinks()).as("veth pairs left").isEmpty();
        }
        LabScript.Result status = lab.run(STATUS_TIMEOUT, "status", "--local");
        assertThat(status.output()).as(status.describe()).contains("local stack not running");
    }

    /**
     * A java process running a broker or either app, or a Prometheus (or Grafana) on this test's
     * LAB_DIR: what scripts/lab up starts.
     */
    private boolean isLabProcess(String commandLine) {
        String program = commandLine.split(" ", 2)[0];
        boolean java = program.equals("java") || program.endsWith("/java");
        if (java
                && (commandLine.contains("kafka.Kafka")
                        || commandLine.contains("producer-app")
                        || commandLine.contains("consumer-app"))) {
            return true;
        }
        return (program.endsWith("prometheus") || commandLine.contains("grafana"))
                && commandLine.contains(labDir.toString());
    }

    /**
     * The jars scripts/lab starts must come from this Maven run: were one missing, the script would
     * build it with a nested Maven in the middle of this one.
     */
    private void requireBuiltJars() {
        assertThat(root.resolve("scripts/lab")).as("repository root %s", root).isExecutable();
        List<Path> jars = List.of(
                root.resolve("producer-app/target/producer-app-" + version + "-exec.jar"),
                root.resolve("consumer-app/target/consumer-app-" + version + "-exec.jar"),
                root.resolve("lab-runner/target/lab-runner-" + version + "-exec.jar"),
                root.resolve("stack/local-cluster/target/agent/jmx_prometheus_javaagent.jar"));
        assertThat(jars)
                .as("jars built by this reactor (run ./mvnw -pl tests/lab-e2e -am verify)")
                .allMatch(Files::isRegularFile);
        assertThat(root.resolve("stack/local-cluster/target/lib"))
                .as("broker classpath from local-cluster")
                .isDirectoryContaining("glob:**/kafka_2.13-*.jar");
    }

    /** Stops what an earlier, aborted run of this test left in its own LAB_DIR, then starts clean. */
    private void freshWorkDir(LabScript lab) throws IOException {
        if (!LabProcesses.fromPidFiles(labDir.resolve("pids")).isEmpty()) {
            LabScript.Result down = lab.run(DOWN_TIMEOUT, "down", "--local");
            assertThat(down.ok())
                    .as("stopping what a previous run left: " + down.describe())
                    .isTrue();
        }
        SweepAssertions.deleteTree(labDir, work);
        SweepAssertions.deleteTree(resultsRoot, work);
        Files.createDirectories(resultsRoot);
    }

    /** Runs scenarios/NAME.yaml at 1 s + 3 s per phase, no stack warm-up; its summary.json. */
    private JsonNode shortRun(LabScript lab, String name) throws Exception {
        return shortRun(lab, name, "scenarios/" + name + ".yaml", "3s");
    }

    /**
     * Runs scenarios/NAME.yaml with only the phases named in {@code keep}, at 1 s + 3 s per phase:
     * the phases left out run the same code with other values.
     */
    private JsonNode shortRunOf(LabScript lab, String name, List<String> keep) throws Exception {
        return shortRunOf(lab, name, name, keep, "3s");
    }

    /** scenarios/SCENARIO.yaml with only the phases in {@code keep}, at 1 s + {@code phaseDuration}; results-NAME. */
    private JsonNode shortRunOf(LabScript lab, String scenario, String name, List<String> keep, String phaseDuration)
            throws Exception {
        String yaml = phasesOf(scenario, Files.readString(root.resolve("scenarios/" + scenario + ".yaml")), keep);
        Path file = work.resolve(name + "-short.yaml");
        Files.writeString(file, yaml);
        return shortRun(lab, name, file.toAbsolutePath().toString(), phaseDuration);
    }

    /** Scenario text {@code yaml} with only the phases named in {@code keep}, in its order. */
    private static String phasesOf(String name, String yaml, List<String> keep) {
        List<String> kept = new ArrayList<>();
        StringBuilder scenario = new StringBuilder();
        boolean dropping = false;
        for (String line : yaml.lines().toList()) {
            if (line.startsWith("  - name: ")) {
                String phase = line.substring("  - name: ".length()).trim();
                dropping = !keep.contains(phase);
                if (!dropping) {
                    kept.add(phase);
                }
            } else if (!line.startsWith("    ")) {
                dropping = false;
            }
            if (!dropping) {
                scenario.append(line).append('\n');
            }
        }
        assertThat(kept).as(name + ": the phases kept").containsExactlyElementsOf(keep);
        return scenario.toString();
    }

    /**
     * The compression matrix at one of its four lingers (20 ms), every codec: each cell on its own
     * topic, each ratio to none at that linger.
     */
    private JsonNode shortCompressionMatrix(LabScript lab) throws Exception {
        return shortRunOf(
                lab,
                "compression-matrix",
                Stream.of("none", "gzip", "snappy", "lz4", "zstd")
                        .map(codec -> "linger-20-" + codec)
                        .toList());
    }

    /**
     * The partitions scenario at 1 and 100 partitions, keyed unthrottled and keyless at 2,000/s: each
     * pair alike but for the partition count, as its table compares them.
     */
    private JsonNode shortPartitions(LabScript lab) throws Exception {
        return shortRunOf(
                lab,
                "partitions",
                List.of("p1-keyed-unthrottled", "p1-keyless-2000", "p100-keyed-unthrottled", "p100-keyless-2000"));
    }

    /**
     * The consumer-batching scenario with backlogs of 1,000 and 3,000 records instead of 10,000 to
     * 500,000, each drain bounded by 30 s: a record at a time with 1 ms of work drains ~500/s here.
     */
    private JsonNode shortConsumerBatching(LabScript lab) throws Exception {
        Path file = work.resolve("consumer-batching-short.yaml");
        String scenario = Files.readString(root.resolve("scenarios/consumer-batching.yaml"))
                .replace("backlog: 500000", "backlog: 3000")
                .replace("backlog: 20000", "backlog: 1000")
                .replace("backlog: 10000", "backlog: 1000");
        assertThat(scenario).as("the scenario's backlogs, shortened").doesNotContainPattern("backlog: \\d{5}");
        Files.writeString(file, scenario);
        return shortRun(lab, "consumer-batching", file.toAbsolutePath().toString(), "30s");
    }

    /**
     * compare in seconds per window, with small backlogs: every part ran against Kafka's own tools, the
     * backlogs were drained with nothing lost, each process's CPU was read, by thread too, and the brokers'.
     */
    private void assertCompare(LabScript lab) throws Exception {
        Path out = work.resolve("results-compare");
        SweepAssertions.deleteTree(out, work);
        LabScript.Result run = lab.run(
                SWEEP_TIMEOUT,
                "compare",
                "--rounds",
                "1",
                "--duration",
                "3s",
                "--warmup",
                "2s",
                "--stack-warmup",
                "0s",
                // The tool's JVM warms inside seconds here too; what is checked is that both halves are read.
                "--tool-warmup",
                "1s",
                "--backlog",
                // Not compare's least (100,000): ConsumerPerformance read a second backlog of that size inside one
                // of its 100 ms lines (about 1M records/s here) and left compare no line to time it by.
                "300000",
                "--results",
                out.toString());
        assertThat(run.ok()).as(run.describe()).isTrue();
        JsonNode c;
        try (Stream<Path> dirs = Files.list(out)) {
            Path results = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
            System.out.println("lab-e2e: compare:\n" + Files.readString(results.resolve("compare.md")));
            c = JSON.readTree(results.resolve("compare.json").toFile());
        }
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(c.path("complete").asBoolean()).as("compare complete").isTrue();
        JsonNode throughput = c.path("throughput").path(0);
        soft.assertThat(throughput.path("lab").path("lateRatio").asDouble())
                .as("the lab's second half / first half: its acked counter read halfway")
                .isPositive();
        soft.assertThat(throughput.path("toolMeasured").path("lateRatio").asDouble())
                .as("the tool's second half / first half, from its one-second lines")
                .isPositive();
        soft.assertThat(throughput.path("toolMeasured").path("from").asDouble())
                .as("the tool's window opens after --warmup + --tool-warmup on its own clock")
                .isGreaterThanOrEqualTo(3.0);
        JsonNode round = c.path("consumer").path(0);
        for (String listener : new String[] {"record", "batch"}) {
            JsonNode d = round.path(listener);
            soft.assertThat(d.path("records").asLong())
                    .as(listener + " drain records")
                    .isGreaterThanOrEqualTo(300_000);
            soft.assertThat(d.path("lost").asLong())
                    .as(listener + " drain lost")
                    .isZero();
            soft.assertThat(d.path("duplicated").asLong())
                    .as(listener + " drain duplicated")
                    .isZero();
            SweepAssertions.positive(soft, listener + " drain rate", d.path("recordsPerSec"));
        }
        // The tool read both backlogs and was timed over the second.
        soft.assertThat(round.path("tool").path("warmFrom").asLong())
                .as("ConsumerPerformance timed from the first backlog's end")
                .isGreaterThanOrEqualTo(round.path("record").path("records").asLong());
        SweepAssertions.positive(
                soft,
                "ConsumerPerformance records over the second backlog",
                round.path("tool").path("warmRecords"));
        SweepAssertions.positive(
                soft, "ConsumerPerformance rate", round.path("tool").path("recordsPerSec"));
        for (String process : new String[] {
            "producerApp", "producerPerformance", "consumerApp", "consumerPerformanceLabRecords", "consumerPerformance"
        }) {
            JsonNode u = c.path("cpu").path(process);
            SweepAssertions.positive(soft, process + " records in the CPU window", u.path("records"));
            SweepAssertions.positive(soft, process + " CPU-s", u.path("cpuSeconds"));
        }
        // From /proc, with the pids scripts/lab gives compare on the local stack: where each app's and each
        // tool's CPU went, by thread, and the brokers' CPU over each window.
        JsonNode labProc = c.path("cpu").path("labProc");
        JsonNode toolProc = c.path("cpu").path("toolProc");
        soft.assertThat(labProc.path("threads")
                        .path("producer-app")
                        .path("lab-sender")
                        .asDouble())
                .as("the producer-app's sending thread's CPU-s in the lab's window")
                .isPositive();
        soft.assertThat(labProc.path("threads").path("consumer-app").size())
                .as("the consumer-app's threads")
                .isPositive();
        // The consumer's yardstick: ConsumerPerformance's polling thread reading the lab's records.
        soft.assertThat(c.path("cpu")
                        .path("labRecordsProc")
                        .path("threads")
                        .path("ConsumerPerformance")
                        .path("java")
                        .asDouble())
                .as("ConsumerPerformance's polling thread's CPU-s on the lab's records")
                .isPositive();
        // Wake-ups (voluntary switches) of both consumers' polling threads, read from /proc too.
        soft.assertThat(labProc.path("wakeUps")
                        .path("consumer-app")
                        .path("lab-latency-N-C")
                        .asLong())
                .as("the consumer-app's polling thread's wake-ups in the lab's window")
                .isPositive();
        soft.assertThat(c.path("cpu")
                        .path("labRecordsProc")
                        .path("wakeUps")
                        .path("ConsumerPerformance")
                        .path("java")
                        .asLong())
                .as("ConsumerPerformance's polling thread's wake-ups on the lab's records")
                .isPositive();
        soft.assertThat(toolProc.path("threads").path("ProducerPerformance").size())
                .as("ProducerPerformance's threads")
                .isPositive();
        soft.assertThat(labProc.path("brokers").asInt())
                .as("brokers read in the lab's window")
                .isEqualTo(3);
        SweepAssertions.positive(soft, "the brokers' CPU-s in the lab's window", labProc.path("brokerSeconds"));
        SweepAssertions.positive(soft, "the brokers' CPU-s in the tools' window", toolProc.path("brokerSeconds"));
        soft.assertThat(c.has("reservedCores")).as("no reserved-core windows").isFalse();
        soft.assertAll();
    }

    private JsonNode shortRun(LabScript lab, String name, String scenario, String phaseDuration) throws Exception {
        Path out = work.resolve("results-" + name);
        SweepAssertions.deleteTree(out, work);
        LabScript.Result run = lab.run(
                SWEEP_TIMEOUT,
                "run",
                scenario,
                "--warmup",
                "1s",
                "--phase-duration",
                phaseDuration,
                "--stack-warmup",
                "0s",
                "--results",
                out.toString());
        assertThat(run.ok()).as(run.describe()).isTrue();
        try (Stream<Path> dirs = Files.list(out)) {
            Path results = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
            System.out.println("lab-e2e: " + name + ":\n" + Files.readString(results.resolve("summary.md")));
            return JSON.readTree(results.resolve("summary.json").toFile());
        }
    }

    /**
     * Every phase closed by the fence with exact counts, on its own topic, with its size on disk;
     * and no topic of the run left behind.
     */
    private void assertOwnTopicPhases(JsonNode summary, int phases) {
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(summary.path("phases").size()).as("phases").isEqualTo(phases);
        for (JsonNode p : summary.path("phases")) {
            String name = p.path("name").asString();
            closedExactly(soft, name, p);
            soft.assertThat(p.path("description").path("topic").asString())
                    .as(name + " topic")
                    .isEqualTo("lab.orders." + name);
            SweepAssertions.positive(soft, name + " achieved rate", p.path("achievedRate"));
            SweepAssertions.positive(
                    soft, name + " e2e p50", p.path("latencyMs").path("p50"));
            SweepAssertions.positive(
                    soft, name + " disk bytes/record", p.path("disk").path("bytesPerRecord"));
            SweepAssertions.positive(
                    soft, name + " disk records", p.path("disk").path("records"));
        }
        soft.assertAll();
    }

    /**
     * Both rate: max phases searched, found a rate and were measured at 50/80/100 % of it; the
     * unthrottled phases report what they achieved; every measured phase closed with exact counts.
     */
    private void assertMaxRate(JsonNode summary) {
        SoftAssertions soft = new SoftAssertions();
        JsonNode searches = summary.path("rateSearches");
        soft.assertThat(searches.size()).as("rate searches").isEqualTo(1);
        Map<String, Double> rates = new HashMap<>();
        for (JsonNode p : summary.path("phases")) {
            rates.put(p.path("name").asString(), p.path("settings").path("rate").asDouble());
        }
        for (JsonNode search : searches) {
            String name = search.path("phase").asString();
            double found = search.path("found").asDouble();
            soft.assertThat(found).as(name + " found").isPositive();
            soft.assertThat(search.path("steps").size()).as(name + " steps").isPositive();
            soft.assertThat(search.path("steps").get(0).path("sustained").isBoolean())
                    .as(name + " verdict")
                    .isTrue();
            // The search ends with the rate found held for a whole phase (or lowered after holds that failed).
            JsonNode last = search.path("steps").get(search.path("steps").size() - 1);
            soft.assertThat(last.path("hold").asBoolean())
                    .as(name + " last step a hold")
                    .isTrue();
            soft.assertThat(search.path("confirmed").asBoolean())
                    .as(name + " confirmed = the last hold was sustained")
                    .isEqualTo(last.path("sustained").asBoolean());
            for (int percent : List.of(50, 80, 100)) {
                soft.assertThat(rates.get(name + "@" + percent + "%"))
                        .as(name + " measured at " + percent + " %")
                        .isEqualTo(Math.floor(found * percent / 100.0));
            }
        }
        soft.assertThat(summary.path("phases").size()).as("phases").isEqualTo(4);
        for (JsonNode p : summary.path("phases")) {
            String name = p.path("name").asString();
            closedExactly(soft, name, p);
            SweepAssertions.positive(soft, name + " achieved rate", p.path("achievedRate"));
            SweepAssertions.positive(
                    soft, name + " e2e p50", p.path("latencyMs").path("p50"));
        }
        soft.assertAll();
    }

    /**
     * Every drain phase closed with exact counts, its backlog exactly the records asked for, drained
     * whole at a positive rate with the consumer settings it asked for; summary.md compares them.
     */
    private void assertDrains(JsonNode summary) {
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(summary.path("phases").size()).as("phases").isEqualTo(5);
        for (JsonNode p : summary.path("phases")) {
            String name = p.path("name").asString();
            closedExactly(soft, name, p);
            JsonNode drain = p.path("drain");
            soft.assertThat(drain.path("drained").asLong(-1))
                    .as(name + " drained = acked")
                    .isEqualTo(p.path("counts").path("acked").asLong(-2));
            // The producer stops by itself at the backlog: at 15,000 records/s a stop sent on seeing the
            // count came up to ~7,000 records late, more than the record listener drains in 30 s here.
            long asked = name.endsWith("per-key") ? 3_000 : 1_000;
            soft.assertThat(p.path("counts").path("sent").asLong(-1))
                    .as(name + " sent = the backlog asked for")
                    .isEqualTo(asked);
            soft.assertThat(drain.path("drained").asLong(-1))
                    .as(name + " drained = backlog")
                    .isEqualTo(drain.path("backlog").asLong(-2))
                    .isEqualTo(asked);
            SweepAssertions.positive(soft, name + " drain rate", drain.path("recordsPerSecond"));
            SweepAssertions.positive(
                    soft, name + " e2e p50", p.path("latencyMs").path("p50"));
            soft.assertThat(drain.path("consumer").asString())
                    .as(name + " consumer settings")
                    .contains(name.startsWith("record") ? "record, in-order" : "batch ");
            soft.assertThat(p.path("description")
                            .path("consumer")
                            .path("settings")
                            .path("work")
                            .asString())
                    .as(name + " work in the description")
                    .isEqualTo("wait 1000 µs");
        }
        soft.assertAll();
    }

    /**
     * Two instances of one group: every phase closed exactly, each instance measured a part of it
     * on partitions of its own, and the parts add up to the group's samples (merged, not one
     * instance's); summary.md shows each instance's share.
     */
    private void assertConsumerGroup(JsonNode summary, int phases) {
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(summary.path("phases").size()).as("phases").isEqualTo(phases);
        for (JsonNode p : summary.path("phases")) {
            String name = p.path("name").asString();
            closedExactly(soft, name, p);
            JsonNode instances = p.path("description").path("instances");
            soft.assertThat(instances.size()).as(name + " consumer instances").isEqualTo(2);
            long sum = 0;
            Set<Integer> partitions = new java.util.TreeSet<>();
            int held = 0;
            for (JsonNode i : instances) {
                soft.assertThat(i.path("received").asLong(-1))
                        .as(name + " records of " + i.path("instance").asString())
                        .isPositive();
                sum += i.path("received").asLong();
                for (JsonNode partition : i.path("partitions")) {
                    partitions.add(partition.asInt());
                    held++;
                }
            }
            soft.assertThat(sum)
                    .as(name + " instances' records = the group's samples")
                    .isEqualTo(p.path("samples").asLong(-1));
            soft.assertThat(partitions).as(name + " partitions held").containsExactly(0, 1, 2);
            soft.assertThat(held)
                    .as(name + " each partition held by one instance")
                    .isEqualTo(3);
            // The consumer-batching run before this one put the consumer's own settings back.
            soft.assertThat(p.path("description")
                            .path("consumer")
                            .path("settings")
                            .path("work")
                            .asString())
                    .as(name + " consumer work after consumer-batching restored its settings")
                    .isEqualTo("none");
        }
        soft.assertAll();
    }

    /**
     * scenarios/broker-failure.yaml with the leader killed (SIGKILL), then stopped (SIGTERM), at 6 s and
     * restarted at 14 s of a 25 s window: a real broker under load, through scripts/lab broker. Its acks=1
     * phase is left out: the self-test kills a leader under acks=1 and checks its counts exactly.
     */
    private JsonNode shortBrokerFailure(LabScript lab) throws Exception {
        Path file = work.resolve("broker-failure-short.yaml");
        String scenario = phasesOf(
                "broker-failure",
                Files.readString(root.resolve("scenarios/broker-failure.yaml"))
                        .replace("{at: 20s, kill: leader}", "{at: 6s, kill: leader}")
                        .replace("{at: 20s, stop: leader}", "{at: 6s, stop: leader}")
                        .replace("{at: 50s, restart: leader}", "{at: 14s, restart: leader}"),
                List.of("acks-all", "acks-all-clean-stop"));
        assertThat(scenario).as("the fault steps, moved").contains("at: 6s").doesNotContain("at: 20s");
        Files.writeString(file, scenario);
        return shortRun(lab, "broker-failure", file.toAbsolutePath().toString(), "25s");
    }

    /**
     * acks=all with idempotence: a killed leader delays records but loses and duplicates none, and
     * the outage is reported; a stopped one: acked = received + lost + unobserved exactly. Both: the
     * steps were carried out, and the ISR was whole again.
     */
    private void assertBrokerFailure(JsonNode summary) {
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(summary.path("phases").size()).as("phases").isEqualTo(2);
        for (JsonNode p : summary.path("phases")) {
            String name = p.path("name").asString();
            JsonNode o = p.path("outage");
            soft.assertThat(o.isObject()).as(name + " outage").isTrue();
            soft.assertThat(o.path("steps").size()).as(name + " steps").isEqualTo(2);
            soft.assertThat(o.path("thresholdMs").isNumber())
                    .as(name + " delayed against a baseline: the first step at 6 s")
                    .isTrue();
            soft.assertThat(o.path("producer").path("failedSamples").isInt())
                    .as(name + " unanswered producer samples counted")
                    .isTrue();
            for (JsonNode step : o.path("steps")) {
                soft.assertThat(step.path("error").isNull()
                                || step.path("error").isMissingNode())
                        .as(name + " " + step.path("action").asString() + " done: " + step.path("error"))
                        .isTrue();
            }
            soft.assertThat(o.path("cluster").path("leaderChanges").asInt(-1))
                    .as(name + " leader changes")
                    .isPositive();
            soft.assertThat(o.path("cluster").path("isrWholeAfterRestart").isNumber())
                    .as(name + " ISR whole again after the restart")
                    .isTrue();
            soft.assertThat(p.path("fenced").asBoolean()).as(name + " fenced").isTrue();
            JsonNode c = p.path("counts");
            soft.assertThat(c.path("acked").asLong(-1))
                    .as(name + " acked = received + lost + unobserved")
                    .isEqualTo(c.path("received").asLong()
                            + c.path("lost").asLong()
                            + c.path("unobserved").asLong());
        }
        JsonNode all = summary.path("phases").path(0);
        soft.assertThat(all.path("settings").path("acks").asString()).isEqualTo("all");
        closedExactly(soft, "acks-all", all);
        soft.assertThat(all.path("counts").path("duplicated").asLong(-1))
                .as("acks-all duplicated")
                .isZero();
        JsonNode outage = all.path("outage");
        soft.assertThat(outage.path("delayed").asLong(-1))
                .as("acks-all records delayed")
                .isPositive();
        soft.assertThat(outage.path("windowTo").asDouble(0)
                        - outage.path("windowFrom").asDouble(0))
                .as("acks-all outage window, s")
                .isPositive();
        JsonNode stopped = summary.path("phases").path(1);
        soft.assertThat(stopped.path("outage")
                        .path("steps")
                        .path(0)
                        .path("action")
                        .asString())
                .as("the second phase's first step")
                .isEqualTo("stop");
        closedExactly(soft, "acks-all-clean-stop", stopped);
        soft.assertAll();
    }

    private static List<String> networkNamespaces() {
        return ip("netns", "list").map(l -> l.split(" ", 2)[0]).toList();
    }

    /** The namespace hosts' veth ends on this machine's side (lab-h1 ...). */
    private static List<String> labLinks() {
        return ip("-o", "link", "show")
                .map(l -> l.split(": ", 3))
                .filter(f -> f.length > 1 && f[1].startsWith("lab-h"))
                .map(f -> f[1])
                .toList();
    }

    private static Stream<String> ip(String... args) {
        try {
            Process p = new ProcessBuilder(
                            Stream.concat(Stream.of("ip"), Stream.of(args)).toList())
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            p.waitFor();
            return out.lines();
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException("could not run ip " + String.join(" ", args) + ": " + e, e);
        }
    }

    private static boolean root() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** 200 records/s with 0 ms, then 40 ms of round trip added: what the lab measures of its own delay. */
    private JsonNode shortAddedDelay(LabScript lab) throws Exception {
        Path file = work.resolve("added-delay.yaml");
        Files.writeString(
                file,
                """
                name: added-delay
                defaults:
                  warmup: 2s
                  duration: 10s
                  settings: {lingerMs: 0, batchSize: 16384, compression: none, payloadBytes: 400, rate: 200}
                phases:
                  - {name: rtt-0, network: {rttMs: 0}}
                  - {name: rtt-40, network: {rttMs: 40}}
                """);
        return shortRun(lab, "added-delay", file.toAbsolutePath().toString(), "10s");
    }

    /**
     * The wire's own probe measures the round trip asked for (within 10 % + 2 ms), and e2e latency
     * at a low rate rises by the one-way delay, half the round trip: a record is readable once the
     * leader has it (the acknowledgement's way back is not in e2e). Tolerance: 5 ms.
     */
    private void assertAddedDelay(JsonNode summary) {
        SoftAssertions soft = new SoftAssertions();
        JsonNode near = summary.path("phases").path(0);
        JsonNode far = summary.path("phases").path(1);
        for (JsonNode p : List.of(near, far)) {
            closedExactly(soft, p.path("name").asString(), p);
        }
        JsonNode network = far.path("description").path("network");
        double rtt = network.path("measuredRttMs").asDouble(-1);
        soft.assertThat(rtt).as("measured RTT at 40 ms added").isBetween(40.0, 46.0);
        soft.assertThat(network.path("mechanism").asString()).as("mechanism").isIn("tun-wire", "netem");
        double rise = far.path("latencyMs").path("p50").asDouble(-100)
                - near.path("latencyMs").path("p50").asDouble(100);
        soft.assertThat(rise)
                .as("e2e p50 rise at 40 ms round trip (one way: 20 ms)")
                .isBetween(15.0, 25.0);
        soft.assertAll();
    }

    /** Closed by the fence, nothing lost, every acknowledged record received. */
    private static void closedExactly(SoftAssertions soft, String name, JsonNode p) {
        soft.assertThat(p.path("fenced").asBoolean()).as(name + " fenced").isTrue();
        soft.assertThat(p.path("counts").path("lost").asLong(-1))
                .as(name + " lost")
                .isZero();
        soft.assertThat(p.path("counts").path("acked").asLong(-1))
                .as(name + " acked = received")
                .isEqualTo(p.path("counts").path("received").asLong(-2));
    }
}
