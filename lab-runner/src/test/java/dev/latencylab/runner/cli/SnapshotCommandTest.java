package dev.latencylab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.grafana.FakePrometheus;
import dev.latencylab.runner.grafana.RecordingGrafana;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code snapshot} against a Prometheus double and a recording server with the shape of Grafana's snapshot API. */
class SnapshotCommandTest {

    private static final Instant NOW = Instant.parse("2026-11-22T00:05:00Z");
    private static final Path FIXTURES =
            Path.of("src/test/resources/dashboards-fixture").toAbsolutePath();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path dir;

    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private FakePrometheus prometheus;
    private RecordingGrafana grafana;

    @BeforeEach
    void setUp() throws IOException {
        prometheus = new FakePrometheus();
        grafana = new RecordingGrafana();
    }

    @AfterEach
    void tearDown() {
        prometheus.close();
        grafana.close();
    }

    private int run(Map<String, String> env, String... extra) throws InterruptedException {
        List<String> args = new ArrayList<>(
                List.of("--prometheus", prometheus.url().toString(), "--dashboards", FIXTURES.toString()));
        args.addAll(List.of(extra));
        return Parsed.execute(
                new SnapshotCommand(
                        new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                        new PrintStream(errBytes, true, StandardCharsets.UTF_8),
                        dir,
                        new JsonHttp(Duration.ofSeconds(2), Duration.ofSeconds(5)),
                        env,
                        Clock.fixed(NOW, ZoneOffset.UTC)),
                args);
    }

    private String out() {
        return outBytes.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void createsTheSnapshotInGrafanaPrintsItsUrlAndKeepsTheFile() throws Exception {
        int code = run(
                Map.of(),
                "--grafana",
                grafana.url().toString(),
                "--grafana-password",
                "s3cret",
                "--from",
                "2026-11-21T23:50:00Z",
                "--to",
                "2026-11-22T00:05:00Z",
                "--out",
                "snap");

        assertThat(code).as(err()).isZero();
        assertThat(out())
                .contains("lab-fixture: 2/4 panels with data -> ")
                .contains("lab-fixture: Grafana snapshot " + grafana.url() + "/dashboard/snapshot/key1");
        List<RecordingGrafana.Request> requests = grafana.requests();
        assertThat(requests).hasSize(1);
        RecordingGrafana.Request post = requests.get(0);
        assertThat(post.method()).isEqualTo("POST");
        assertThat(post.path()).isEqualTo("/api/snapshots");
        assertThat(post.contentType()).isEqualTo("application/json");
        assertThat(post.authorization())
                .isEqualTo(
                        "Basic " + Base64.getEncoder().encodeToString("admin:s3cret".getBytes(StandardCharsets.UTF_8)));
        JsonNode sent = JSON.readTree(post.body());
        assertThat(sent.path("dashboard").path("uid").asString("")).isEqualTo("lab-fixture");
        assertThat(sent.path("expires").asInt(-1)).isZero();
        Path file = dir.resolve("snap/snapshots/lab-fixture.json");
        assertThat(JSON.readTree(Files.readString(file)))
                .as("the file is the body Grafana got")
                .isEqualTo(sent);
        // Grafana's variables were replaced before Prometheus saw the query: job's default, 4 scrapes, the 15 min
        // range.
        assertThat(prometheus.log())
                .contains(
                        "range sum by (request) (rate(kafka_network_requestmetrics_requests_total{job=\"kafka\"}[20s])) step=5.000",
                        "instant round(sum(increase(lab_consumer_lost_records_total[900s]))) time="
                                + NOW.getEpochSecond() + ".000");
    }

    @Test
    void aGrafanaThatRefusesTheLoginIsReportedWithStatusAndMessage() throws Exception {
        grafana.failWith(401, "Invalid username or password");
        Files.createDirectories(dir.resolve(".lab"));
        Files.writeString(dir.resolve(".lab/grafana-admin-password"), "from-the-lab-file\n");

        int code = run(Map.of(), "--grafana", grafana.url().toString(), "--last", "15m", "--out", "snap");

        assertThat(code).isEqualTo(1);
        assertThat(err())
                .contains("refused the snapshot of lab-fixture: HTTP 401: Invalid username or password")
                .contains("password from " + dir.resolve(".lab/grafana-admin-password"));
        assertThat(grafana.requests().get(0).authorization())
                .isEqualTo("Basic "
                        + Base64.getEncoder()
                                .encodeToString("admin:from-the-lab-file".getBytes(StandardCharsets.UTF_8)));
        assertThat(dir.resolve("snap/snapshots/lab-fixture.json"))
                .as("the file is written first, whatever Grafana says")
                .isNotEmptyFile();
    }

    @Test
    void aPasswordOnTheCommandLineIsTakenWithAWarningThatEveryUserCanReadIt() throws Exception {
        int code =
                run(Map.of(), "--grafana", grafana.url().toString(), "--grafana-password", "s3cret", "--out", "snap");

        assertThat(code).as(err()).isZero();
        assertThat(err())
                .contains("warning: --grafana-password puts the password on the command line, where every user of"
                        + " this machine can read it (ps): give it in GRAFANA_ADMIN_PASSWORD or"
                        + " --grafana-password-file FILE instead");
    }

    @Test
    void aPasswordFileReadableByYouAloneIsTheWayWithoutTheCommandLine() throws Exception {
        Path file = Files.writeString(dir.resolve("grafana.pw"), "from-file\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));

        int code = run(
                Map.of(),
                "--grafana",
                grafana.url().toString(),
                "--grafana-password-file",
                "grafana.pw",
                "--out",
                "snap");

        assertThat(code).as(err()).isZero();
        assertThat(err()).doesNotContain("warning");
        assertThat(grafana.requests().get(0).authorization())
                .isEqualTo("Basic "
                        + Base64.getEncoder().encodeToString("admin:from-file".getBytes(StandardCharsets.UTF_8)));

        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        // A wrong command line: Cli answers it with exit 2.
        assertThatThrownBy(() -> run(
                        Map.of(),
                        "--grafana",
                        grafana.url().toString(),
                        "--grafana-password-file",
                        "grafana.pw",
                        "--out",
                        "snap2"))
                .isInstanceOf(UsageException.class)
                .hasMessage("--grafana-password-file " + file
                        + " may be read or written by others (rw-r--r--): chmod 600 it");
        assertThat(dir.resolve("snap2")).doesNotExist();
    }

    @Test
    void withoutAPasswordNoLoginIsSentAndARefusalSaysWhereOneBelongs() throws Exception {
        grafana.failWith(401, "Unauthorized");
        // .env holds no password any more; one left in an old copy is not read.
        Files.writeString(dir.resolve(".env"), "GRAFANA_ADMIN_PASSWORD=from-dotenv\n");

        int code = run(Map.of(), "--grafana", grafana.url().toString(), "--last", "15m", "--out", "snap");

        assertThat(code).isEqualTo(1);
        assertThat(grafana.requests().get(0).authorization()).isNull();
        assertThat(err())
                .contains("HTTP 401: Unauthorized (user admin, no password: none given with --grafana-password,"
                        + " none in the environment's GRAFANA_ADMIN_PASSWORD, none in "
                        + dir.resolve(".lab/grafana-admin-password"));
    }

    @Test
    void aGrafanaServerErrorIsReportedWithStatusAndMessage() throws Exception {
        grafana.failWith(500, "Failed to create snapshot");

        int code = run(
                Map.of("GRAFANA_ADMIN_PASSWORD", "env-pw"),
                "--grafana",
                grafana.url().toString(),
                "--out",
                "snap");

        assertThat(code).isEqualTo(1);
        assertThat(err())
                .contains("Grafana at " + grafana.url()
                        + " refused the snapshot of lab-fixture: HTTP 500: Failed to create snapshot");
        assertThat(grafana.requests().get(0).authorization())
                .isEqualTo(
                        "Basic " + Base64.getEncoder().encodeToString("admin:env-pw".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void anAbsentGrafanaIsSaidPlainlyAndTheFilesStillWritten() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }

        int code = run(Map.of(), "--grafana", "http://127.0.0.1:" + port, "--out", "snap");

        assertThat(code).as(err()).isZero();
        assertThat(out())
                .contains("Grafana not reachable at http://127.0.0.1:" + port
                        + " (connection refused): wrote 1 snapshot file, created no Grafana snapshot");
        assertThat(dir.resolve("snap/snapshots/lab-fixture.json")).isNotEmptyFile();
    }

    @Test
    void withoutAWindowItTakesTheLastFifteenMinutesIntoAFreshResultsFolder() throws Exception {
        int code = run(Map.of(), "--grafana", "none");

        assertThat(code).as(err()).isZero();
        // 23:50:00 to 00:05:00, the step-aligned range of a 5 s step.
        assertThat(prometheus.log()).anyMatch(l -> l.startsWith("range sum by (request)") && l.endsWith("step=5.000"));
        assertThat(dir.resolve("results/20261122T000500Z-snapshot/snapshots/lab-fixture.json"))
                .isNotEmptyFile();
        assertThat(out()).contains("(--grafana none: no Grafana snapshot created)");
        assertThat(grafana.requests()).isEmpty();
    }

    @Test
    void runLatestTakesTheNewestResultsFolderWindowAndWritesIntoIt() throws Exception {
        Path older = Files.createDirectories(dir.resolve("results/20261120T100000Z-linger-sweep"));
        Path newer = Files.createDirectories(dir.resolve("results/20261121T235000Z-linger-sweep"));
        Files.writeString(
                older.resolve("environment.json"),
                "{\"startedAt\":\"2026-11-20T10:00:00Z\",\"endedAt\":\"2026-11-20T10:10:00Z\"}");
        Files.writeString(
                newer.resolve("environment.json"),
                "{\"startedAt\":\"2026-11-21T23:50:00Z\",\"endedAt\":\"2026-11-21T23:55:00Z\"}");

        int code = run(Map.of(), "--grafana", "none", "--run", "latest");

        assertThat(code).as(err()).isZero();
        assertThat(newer.resolve("snapshots/lab-fixture.json")).isNotEmptyFile();
        JsonNode body = JSON.readTree(Files.readString(newer.resolve("snapshots/lab-fixture.json")));
        assertThat(body.path("dashboard").path("time").path("to").asString("")).isEqualTo("2026-11-21T23:55:00Z");
        assertThat(body.path("name").asString("")).contains("20261121T235000Z-linger-sweep");
        assertThat(prometheus.log())
                .contains("instant round(sum(increase(lab_consumer_lost_records_total[300s]))) time="
                        + Instant.parse("2026-11-21T23:55:00Z").getEpochSecond() + ".000");
    }

    @Test
    void verifyModeFailsOnPanelsWithoutDataAndPassesWhenAllHaveSome() throws Exception {
        assertThat(run(Map.of(), "--grafana", "none", "--out", "snap")).isZero();

        int code = Parsed.execute(
                new SnapshotCommand(
                        new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                        new PrintStream(errBytes, true, StandardCharsets.UTF_8),
                        dir,
                        new JsonHttp(),
                        Map.of(),
                        Clock.fixed(NOW, ZoneOffset.UTC)),
                List.of("--verify", "snap"));

        assertThat(code).isEqualTo(1);
        assertThat(out()).contains("lab-fixture.json: 2/4 panels with data, 3/5 queries");
        assertThat(err())
                .contains("lab-fixture / Requests / B: no data")
                .contains("lab-fixture / Broken query / A: query error");
    }

    @Test
    void aPrometheusThatDoesNotAnswerFailsTheCommandThroughTheCli() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        int code = new Cli(
                        new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                        new PrintStream(errBytes, true, StandardCharsets.UTF_8),
                        dir)
                .execute(
                        "snapshot",
                        "--prometheus",
                        "http://127.0.0.1:" + port,
                        "--grafana",
                        "none",
                        "--dashboards",
                        FIXTURES.toString());

        assertThat(code).isEqualTo(1);
        assertThat(err()).contains("Prometheus does not answer at http://127.0.0.1:" + port);
    }
}
