package dev.latencylab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.grafana.FakePrometheus;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

class CheckDashboardsCommandTest {

    private static final Instant NOW = Instant.parse("2026-11-22T00:05:00Z");
    private static final Path FIXTURE = Path.of("src/test/resources/dashboards-fixture/lab-fixture.json");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path dir;

    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private FakePrometheus prometheus;

    @BeforeEach
    void setUp() throws IOException {
        prometheus = new FakePrometheus();
        Files.createDirectories(dir.resolve("dashboards"));
    }

    @AfterEach
    void tearDown() {
        prometheus.close();
    }

    private int check(String... extra) throws InterruptedException {
        List<String> args =
                new ArrayList<>(List.of("--prometheus", prometheus.url().toString(), "--dashboards", "dashboards"));
        args.addAll(List.of(extra));
        return Parsed.execute(
                new CheckDashboardsCommand(
                        new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                        new PrintStream(errBytes, true, StandardCharsets.UTF_8),
                        dir,
                        new JsonHttp(Duration.ofSeconds(2), Duration.ofSeconds(5)),
                        Clock.fixed(NOW, ZoneOffset.UTC)),
                args);
    }

    private ObjectNode fixture() throws IOException {
        return (ObjectNode) JSON.readTree(Files.readString(FIXTURE));
    }

    private void write(ObjectNode dashboard) throws IOException {
        writeAsIs(withPhaseAndInstanceFilters(dashboard));
    }

    private void writeAsIs(ObjectNode dashboard) throws IOException {
        Files.writeString(dir.resolve("dashboards/lab-fixture.json"), JSON.writeValueAsString(dashboard));
    }

    /** The fixture given what every lab dashboard owes (PhaseAndInstanceFilters), its queries otherwise alike. */
    private static ObjectNode withPhaseAndInstanceFilters(ObjectNode dashboard) {
        ArrayNode variables = (ArrayNode) dashboard.path("templating").path("list");
        for (String name : List.of("phase", "instance")) {
            variables.addObject().put("name", name).put("includeAll", true).put("allValue", ".+");
        }
        ((ArrayNode) dashboard.path("annotations").path("list"))
                .addObject()
                .put("name", "Phase change")
                .put("expr", "lab_phase_info{name=~\"$phase\"} unless lab_phase_info offset 5s")
                .put("titleFormat", "Phase change: {{name}}");
        for (JsonNode panel : dashboard.path("panels").values()) {
            filter(panel);
            panel.path("panels").values().forEach(CheckDashboardsCommandTest::filter);
        }
        return dashboard;
    }

    private static void filter(JsonNode panel) {
        for (JsonNode target : panel.path("targets").values()) {
            ((ObjectNode) target)
                    .put(
                            "expr",
                            "(" + target.path("expr").stringValue()
                                    + ") and on () lab_phase_info{name=~\"$phase\", member=~\"$instance\"}");
        }
    }

    @Test
    void listsEachPanelQueryWithoutDataAndEachQueryErrorAndExitsOne() throws Exception {
        write(fixture());

        int code = check("--last", "5m");

        assertThat(code).isEqualTo(1);
        String err = errBytes.toString(StandardCharsets.UTF_8);
        assertThat(err)
                .contains("2 of 7 queries would show \"No data\" or an error:")
                .contains(
                        "lab-fixture / Requests / B: no data (no series; query: (sum(rate(lab_missing_total[20s]))) and on () lab_phase_info{name=~\".+\", member=~\".+\"})")
                .contains(
                        "lab-fixture / Broken query / A: query error: bad_data: 1:5: parse error: unexpected end of input (query: (bad()")
                .doesNotContain("Requests / A")
                .doesNotContain("Lost");
        assertThat(outBytes.toString(StandardCharsets.UTF_8))
                .contains(
                        "lab-fixture (Fixture): 2/4 panels with data, 3/5 queries, 2 annotation queries ran, 2 events");
        // --last 5m ending at the clock's now: the instant query is at now, the range is 300 s.
        assertThat(prometheus.log())
                .contains(
                        "instant (round(sum(increase(lab_consumer_lost_records_total[300s])))) and on () lab_phase_info{name=~\".+\", member=~\".+\"} time="
                                + NOW.getEpochSecond() + ".000");
    }

    @Test
    void exitsZeroWithCountsWhenEveryPanelHasData() throws Exception {
        ObjectNode d = fixture();
        ((ArrayNode) d.path("panels")).remove(4);
        write(d);
        prometheus.fillMissing();

        int code = check("--from", "2026-11-21T23:50:00Z", "--to", "2026-11-22T00:05:00Z");

        assertThat(code).as(errBytes.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(outBytes.toString(StandardCharsets.UTF_8))
                .contains("Every panel has data: 3 panels, 4 queries, 2 annotation queries ran, in 1 dashboards.")
                .contains("Every query filters by $phase and $instance; every dashboard names its phase changes.");
    }

    @Test
    void anAnnotationQueryThatDoesNotRunFailsTheCheck() throws Exception {
        ObjectNode d = fixture();
        ((ArrayNode) d.path("panels")).remove(4);
        ((ObjectNode) d.path("annotations").path("list").path(1)).put("expr", "bad(");
        write(d);
        prometheus.fillMissing();

        int code = check();

        assertThat(code).isEqualTo(1);
        assertThat(errBytes.toString(StandardCharsets.UTF_8))
                .contains("lab-fixture / annotation \"Producer settings changed\": query error: bad_data");
    }

    @Test
    void aDashboardWithoutPhaseAndInstanceFiltersFailsThoughEveryPanelHasData() throws Exception {
        ObjectNode d = fixture();
        ((ArrayNode) d.path("panels")).remove(4);
        writeAsIs(d);
        prometheus.fillMissing();

        int code = check();

        assertThat(code).isEqualTo(1);
        assertThat(errBytes.toString(StandardCharsets.UTF_8))
                .doesNotContain("No data")
                .contains("7 phase or instance filters or named phase annotations missing:")
                .contains("lab-fixture: no \"phase\" variable")
                .contains("lab-fixture: no \"instance\" variable")
                .contains("lab-fixture / Lost / A: does not filter by $phase and $instance")
                .contains("lab-fixture: no enabled \"Phase change\" annotation that reads lab_phase_info");
    }

    @Test
    void wrongWindowsAreUsageErrors() {
        assertThatThrownBy(() -> check("--from", "yesterday"))
                .isInstanceOf(UsageException.class)
                .hasMessageContaining("'--from': must be an ISO-8601 instant");
        assertThatThrownBy(() -> check("--from", "2026-11-22T00:05:00Z", "--to", "2026-11-22T00:00:00Z"))
                .isInstanceOf(UsageException.class)
                .hasMessageContaining("must end after it starts");
        assertThatThrownBy(() -> check("--last", "5m", "--from", "2026-11-22T00:00:00Z"))
                .isInstanceOf(UsageException.class)
                .hasMessageContaining("not both");
    }
}
