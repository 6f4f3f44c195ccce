package dev.latencylab.runner.grafana;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.endpoint.PromSeries;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The snapshot body built from fixed query results for the fixture dashboard, and the verifier reading it back. */
class SnapshotBodyTest {

    private static final Path FIXTURES = Path.of("src/test/resources/dashboards-fixture");
    private static final Instant FROM = Instant.parse("2026-11-21T23:50:00Z");
    private static final Instant TO = FROM.plus(Duration.ofMinutes(15));
    private static final long T0 = FROM.toEpochMilli();

    @TempDir
    Path dir;

    private final LabDashboard dashboard = LabDashboards.load(FIXTURES).get(0);
    private final TimeWindow window = new TimeWindow(FROM, TO);

    /** Requests: A has two series, B none; Lost: 0; heatmap: three cumulative buckets; Broken: refused. */
    private DashboardResult results(boolean bHasData) {
        List<PanelResult> panels = new ArrayList<>();
        for (Panel p : dashboard.panels()) {
            List<TargetResult> targets = new ArrayList<>();
            for (var t : p.targets()) {
                QueryTiming timing = QueryTiming.forPanel(window, p, t);
                String expr = "executed " + t.expr();
                TargetResult r =
                        switch (p.title() + "/" + t.refId()) {
                            case "Requests/A" ->
                                new TargetResult(
                                        p,
                                        t,
                                        expr,
                                        timing,
                                        List.of(
                                                series(Map.of("request", "Produce"), 100, 101),
                                                series(Map.of("request", "FetchConsumer"), Double.NaN, 50)),
                                        List.of(),
                                        null);
                            case "Requests/B" ->
                                new TargetResult(
                                        p,
                                        t,
                                        expr,
                                        timing,
                                        bHasData ? List.of(series(Map.of(), 1, 1)) : List.of(),
                                        List.of(),
                                        null);
                            case "Lost/A" ->
                                new TargetResult(
                                        p,
                                        t,
                                        expr,
                                        timing,
                                        List.of(),
                                        List.of(new PromSeries(
                                                Map.of(), new long[] {TO.toEpochMilli()}, new double[] {0})),
                                        null);
                            case "Latency distribution/A" ->
                                new TargetResult(
                                        p,
                                        t,
                                        expr,
                                        timing,
                                        List.of(
                                                series(Map.of("le", "+Inf"), 35, 40),
                                                series(Map.of("le", "0.001"), 10, 10),
                                                series(Map.of("le", "0.005"), 30, 10)),
                                        List.of(),
                                        null);
                            default ->
                                new TargetResult(
                                        p,
                                        t,
                                        expr,
                                        timing,
                                        List.of(),
                                        List.of(),
                                        "bad_data: 1:5: parse error: unexpected end of input");
                        };
                targets.add(r);
            }
            panels.add(new PanelResult(p, targets));
        }
        AnnotationResult changes = new AnnotationResult(
                dashboard.annotations().get(0),
                "changes(...)",
                List.of(
                        new AnnotationEvent(T0 + 10_000, T0 + 20_000, "Producer settings changed", "", List.of()),
                        new AnnotationEvent(T0 + 50_000, T0 + 50_000, "Producer settings changed", "", List.of())),
                null);
        return new DashboardResult(dashboard, window, panels, List.of(changes));
    }

    private static PromSeries series(Map<String, String> labels, double... values) {
        long[] times = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            times[i] = T0 + i * 5_000L;
        }
        return new PromSeries(labels, times, values);
    }

    private static JsonNode panel(ObjectNode body, String title) {
        for (JsonNode p : body.path("dashboard").path("panels").values()) {
            if (p.path("title").asString("").equals(title)) {
                return p;
            }
            for (JsonNode n : p.path("panels").values()) {
                if (n.path("title").asString("").equals(title)) {
                    return n;
                }
            }
        }
        throw new AssertionError("no panel " + title);
    }

    private static List<JsonNode> frames(JsonNode panel) {
        JsonNode target = panel.path("targets").path(0);
        assertThat(target.path("queryType").asString("")).isEqualTo("snapshot");
        assertThat(target.path("datasource").path("uid").asString("")).isEqualTo("grafana");
        return List.copyOf(target.path("snapshot").values());
    }

    @Test
    void theBodyIsWhatPostApiSnapshotsTakesWithAnAbsoluteWindow() {
        ObjectNode body = SnapshotBody.build(results(false), "Fixture (run x)");

        assertThat(body.path("name").asString("")).isEqualTo("Fixture (run x)");
        assertThat(body.path("expires").asInt(-1)).isZero();
        assertThat(body.path("external").asBoolean(true)).isFalse();
        JsonNode dash = body.path("dashboard");
        assertThat(dash.path("title").asString("")).isEqualTo("Fixture (run x)");
        assertThat(dash.path("uid").asString("")).isEqualTo("lab-fixture");
        assertThat(dash.path("time").path("from").asString("")).isEqualTo("2026-11-21T23:50:00Z");
        assertThat(dash.path("time").path("to").asString("")).isEqualTo("2026-11-22T00:05:00Z");
        assertThat(dash.path("links").isEmpty()).isTrue();
        assertThat(panel(body, "Requests").path("links").isEmpty()).isTrue();
        // Template variables keep their value and lose their query.
        JsonNode job = dash.path("templating").path("list").path(1);
        assertThat(job.path("name").asString("")).isEqualTo("job");
        assertThat(job.path("query").asString("x")).isEmpty();
        assertThat(job.path("options").path(0).path("value").asString("")).isEqualTo("kafka");
        assertThat(job.path("refresh").asInt(-1)).isZero();
        // The file the dashboard came from is untouched.
        assertThat(dashboard.json().path("title").asString("")).isEqualTo("Fixture");
        assertThat(dashboard
                        .json()
                        .path("panels")
                        .path(1)
                        .path("targets")
                        .path(0)
                        .has("expr"))
                .isTrue();
    }

    @Test
    void theImportBlocksAndTheDatasourceVariablesReferencesLeaveTheSnapshot() {
        ObjectNode body = SnapshotBody.build(results(false), "n");

        JsonNode dash = body.path("dashboard");
        assertThat(dashboard.json().has("__inputs"))
                .as("the fixture is importable")
                .isTrue();
        assertThat(dash.has("__inputs")).isFalse();
        assertThat(dash.has("__requires")).isFalse();
        // Every panel that queried reads its frames from Grafana's built-in datasource; the annotations keep no
        // query: nothing in the snapshot asks the datasource variable for a Prometheus.
        assertThat(dash.toString()).doesNotContain("${datasource}");
        JsonNode datasource = dash.path("templating").path("list").path(0);
        assertThat(datasource.path("type").asString("")).isEqualTo("datasource");
        assertThat(datasource.path("options").path(0).path("text").asString("")).isEqualTo("Prometheus (lab)");
        assertThat(datasource.path("refresh").asInt(-1)).isZero();
    }

    @Test
    void eachSeriesIsAFrameWithTimeAndValueColumnsLabelsAndTheRenderedLegend() {
        List<JsonNode> frames = frames(panel(SnapshotBody.build(results(false), "n"), "Requests"));

        List<JsonNode> a = frames.stream()
                .filter(f -> f.path("schema").path("refId").asString("").equals("A"))
                .toList();
        assertThat(a).hasSize(2);
        JsonNode produce = a.get(0);
        JsonNode fields = produce.path("schema").path("fields");
        assertThat(fields.path(0).path("name").asString("")).isEqualTo("Time");
        assertThat(fields.path(0).path("type").asString("")).isEqualTo("time");
        assertThat(fields.path(0).path("config").path("interval").asLong()).isEqualTo(5000);
        assertThat(fields.path(1).path("type").asString("")).isEqualTo("number");
        assertThat(fields.path(1).path("labels").path("request").asString("")).isEqualTo("Produce");
        assertThat(fields.path(1).path("config").path("displayNameFromDS").asString(""))
                .isEqualTo("Produce");
        assertThat(produce.path("data").path("values").path(0).path(0).asLong()).isEqualTo(T0);
        assertThat(produce.path("data").path("values").path(1).path(1).asDouble())
                .isEqualTo(101.0);
        assertThat(produce.path("schema")
                        .path("meta")
                        .path("executedQueryString")
                        .asString(""))
                .contains("executed sum by (request)")
                .contains("Step: 5s");
        // NaN has no JSON form: null, a gap in the graph.
        assertThat(a.get(1).path("data").path("values").path(1).path(0).isNull())
                .isTrue();
        // A target without series leaves an empty frame with its refId, as Grafana does.
        JsonNode b = frames.stream()
                .filter(f -> f.path("schema").path("refId").asString("").equals("B"))
                .findFirst()
                .orElseThrow();
        assertThat(b.path("schema").path("fields").isEmpty()).isTrue();
    }

    @Test
    void heatmapBucketsAreSortedDeAccumulatedAndMergedIntoOneFrame() {
        List<JsonNode> frames = frames(panel(SnapshotBody.build(results(false), "n"), "Latency distribution"));

        List<JsonNode> data = frames.stream()
                .filter(f -> !f.path("schema").path("meta").has("dataTopic"))
                .toList();
        assertThat(data).hasSize(1);
        JsonNode heatmap = data.get(0);
        assertThat(heatmap.path("schema").path("meta").path("type").asString(""))
                .isEqualTo("heatmap-rows");
        JsonNode fields = heatmap.path("schema").path("fields");
        assertThat(List.of(
                        fields.path(1).path("name").asString(""),
                        fields.path(2).path("name").asString(""),
                        fields.path(3).path("name").asString("")))
                .containsExactly("0.001", "0.005", "+Inf");
        JsonNode values = heatmap.path("data").path("values");
        // First sample: cumulative 10, 30, 35 -> 10, 20, 5. Second: 10, 10, 40 -> 10, 0, 30.
        assertThat(values.path(1).path(0).asDouble()).isEqualTo(10.0);
        assertThat(values.path(2).path(0).asDouble()).isEqualTo(20.0);
        assertThat(values.path(3).path(0).asDouble()).isEqualTo(5.0);
        assertThat(values.path(2).path(1).asDouble()).isEqualTo(0.0);
        assertThat(values.path(3).path(1).asDouble()).isEqualTo(30.0);
    }

    @Test
    void instantValuesErrorsAndAnnotationsTravelWithThePanels() {
        ObjectNode body = SnapshotBody.build(results(false), "n");

        JsonNode lost = frames(panel(body, "Lost")).get(0);
        assertThat(lost.path("data").path("values").path(1).path(0).asDouble(-1))
                .isZero();
        assertThat(lost.path("schema")
                        .path("fields")
                        .path(1)
                        .path("config")
                        .path("displayNameFromDS")
                        .asString(""))
                .isEqualTo("lost");

        JsonNode broken = frames(panel(body, "Broken query")).get(0);
        assertThat(broken.path("schema")
                        .path("meta")
                        .path("notices")
                        .path(0)
                        .path("severity")
                        .asString(""))
                .isEqualTo("error");
        assertThat(broken.path("schema")
                        .path("meta")
                        .path("notices")
                        .path(0)
                        .path("text")
                        .asString(""))
                .contains("parse error");

        JsonNode annotations = frames(panel(body, "Requests")).stream()
                .filter(f -> f.path("schema")
                        .path("meta")
                        .path("dataTopic")
                        .asString("")
                        .equals("annotations"))
                .findFirst()
                .orElseThrow();
        JsonNode columns = annotations.path("data").path("values");
        assertThat(columns.path(0).size()).isEqualTo(2);
        assertThat(columns.path(0).path(0).asLong()).isEqualTo(T0 + 10_000);
        assertThat(columns.path(1).path(0).asLong()).isEqualTo(T0 + 20_000);
        assertThat(columns.path(2).path(0).asBoolean()).as("isRegion").isTrue();
        assertThat(columns.path(2).path(1).asBoolean()).isFalse();
        // The dashboard keeps the enabled annotations, without their queries.
        JsonNode list = body.path("dashboard").path("annotations").path("list");
        assertThat(list.size()).isEqualTo(2);
        for (JsonNode a : list.values()) {
            assertThat(a.has("expr")).isFalse();
            assertThat(a.path("snapshotData").isArray()).isTrue();
        }
    }

    @Test
    void theVerifierNamesEachQueryWithoutDataAndEachError() throws IOException {
        SnapshotFiles.write(dir, "lab-fixture", SnapshotBody.build(results(false), "n"));

        SnapshotVerifier.Verification v = SnapshotVerifier.verify(dir);

        assertThat(v.ok()).isFalse();
        assertThat(v.problems())
                .containsExactlyInAnyOrder(
                        "lab-fixture / Requests / B: no data",
                        "lab-fixture / Broken query / A: query error: bad_data: 1:5: parse error: unexpected end of input",
                        "lab-fixture / Broken query / A: no data");
        SnapshotVerifier.FileReport f = v.files().get(0);
        assertThat(f.panels()).isEqualTo(4);
        assertThat(f.panelsWithData()).isEqualTo(2);
        assertThat(f.queries()).isEqualTo(5);
        assertThat(f.queriesWithData()).isEqualTo(3);
    }

    @Test
    void theVerifierPassesFilesWhereEveryPanelHasDataInEitherForm() throws IOException {
        DashboardResult good = results(true);
        List<PanelResult> withoutBroken = good.panels().stream()
                .filter(p -> !p.panel().title().equals("Broken query"))
                .toList();
        ObjectNode body =
                SnapshotBody.build(new DashboardResult(dashboard, window, withoutBroken, good.annotations()), "n");
        // The panel whose results are left out is the one still querying Prometheus: drop it from the file too.
        ((ObjectNode) body.path("dashboard").path("panels").path(4)).putArray("panels");
        SnapshotFiles.write(dir, "lab-fixture", body);
        // Grafana's older form: panel.snapshotData holding frames with values per field.
        Files.writeString(
                dir.resolve("snapshots/legacy.json"),
                """
                {"dashboard": {"uid": "legacy", "panels": [
                  {"id": 1, "title": "Old", "type": "graph", "snapshotData": [
                    {"refId": "A", "fields": [{"name": "Time", "type": "time", "values": [1, 2]},
                                              {"name": "Value", "type": "number", "values": [null, 3.5]}]}]}]}}
                """);

        SnapshotVerifier.Verification v = SnapshotVerifier.verify(dir.resolve("snapshots"));

        assertThat(v.problems()).isEmpty();
        assertThat(v.ok()).isTrue();
        assertThat(v.files())
                .extracting(SnapshotVerifier.FileReport::panelsWithData)
                .containsExactly(3, 1);
    }

    @Test
    void anEmptyFolderIsNotAPass() {
        assertThat(SnapshotVerifier.verify(dir).ok()).isFalse();
    }
}
