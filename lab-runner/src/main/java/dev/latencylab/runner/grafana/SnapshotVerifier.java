package dev.latencylab.runner.grafana;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Checks snapshot files (bodies of {@code POST /api/snapshots}) for data: every panel that
 * queried something must hold, for each of its queries (refIds), a frame with at least one
 * number. Reads both the form this runner writes (a "snapshot" query of the grafana
 * datasource) and Grafana's older {@code panel.snapshotData}, so files exported from Grafana
 * itself can be checked too.
 *
 * <p>For tests and CI: {@code SnapshotVerifier.verify(resultsDir).problems()} is empty when
 * every panel of every file has data.
 */
public final class SnapshotVerifier {

    private SnapshotVerifier() {}

    /** One file: how many panels and queries it holds and how many of them have data. */
    public record FileReport(Path file, String uid, int panels, int panelsWithData, int queries, int queriesWithData) {}

    public record Verification(List<FileReport> files, List<String> problems) {

        public Verification {
            files = List.copyOf(files);
            problems = List.copyOf(problems);
        }

        public boolean ok() {
            return !files.isEmpty() && problems.isEmpty();
        }
    }

    /**
     * @param dir a folder holding {@code snapshots/*.json} (a results or --out folder), or the
     *            {@code snapshots} folder itself
     */
    public static Verification verify(Path dir) {
        Path snapshots = Files.isDirectory(dir.resolve(SnapshotFiles.FOLDER)) ? dir.resolve(SnapshotFiles.FOLDER) : dir;
        List<Path> files;
        try {
            files = LabDashboards.jsonFiles(snapshots);
        } catch (IOException e) {
            return new Verification(
                    List.of(), List.of("cannot read snapshot files in " + snapshots + ": " + e.getMessage()));
        }
        List<FileReport> reports = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        if (files.isEmpty()) {
            problems.add("no snapshot files (*.json) in " + snapshots);
        }
        for (Path f : files) {
            JsonNode body;
            try {
                body = SnapshotFiles.JSON.readTree(Files.readString(f));
            } catch (IOException | JacksonException e) {
                problems.add(f.getFileName() + ": not readable as JSON: " + e.getMessage());
                continue;
            }
            reports.add(verify(f, body, problems));
        }
        return new Verification(reports, problems);
    }

    static FileReport verify(Path file, JsonNode body, List<String> problems) {
        JsonNode dash = body.path("dashboard");
        String uid = dash.path("uid").asString(file.getFileName().toString());
        if (!dash.isObject()) {
            problems.add(file.getFileName() + ": no \"dashboard\" object: not a snapshot body");
            return new FileReport(file, uid, 0, 0, 0, 0);
        }
        int panels = 0;
        int panelsWithData = 0;
        int queries = 0;
        int queriesWithData = 0;
        List<JsonNode> all = new ArrayList<>();
        for (JsonNode p : dash.path("panels").values()) {
            all.add(p);
            all.addAll(p.path("panels").values());
        }
        for (JsonNode p : all) {
            List<JsonNode> frames = frames(p);
            if (frames == null) {
                if (!p.path("targets").isEmpty()) {
                    problems.add(uid + " / " + title(p) + ": live queries instead of snapshot data");
                    panels++;
                }
                continue;
            }
            panels++;
            Map<String, Boolean> refIds = new LinkedHashMap<>();
            for (JsonNode frame : frames) {
                JsonNode schema = frame.has("schema") ? frame.path("schema") : frame;
                if ("annotations".equals(schema.path("meta").path("dataTopic").asString(""))) {
                    continue;
                }
                String refId = schema.path("refId").asString(frame.path("refId").asString(""));
                refIds.merge(refId, hasNumber(frame), Boolean::logicalOr);
                for (JsonNode notice : schema.path("meta").path("notices").values()) {
                    if ("error".equals(notice.path("severity").asString(""))) {
                        problems.add(uid + " / " + title(p) + " / " + refId + ": query error: "
                                + notice.path("text").asString(""));
                    }
                }
            }
            if (refIds.isEmpty()) {
                problems.add(uid + " / " + title(p) + ": no data (no frames)");
                continue;
            }
            boolean everyQueryHasData = true;
            for (Map.Entry<String, Boolean> e : refIds.entrySet()) {
                queries++;
                if (e.getValue()) {
                    queriesWithData++;
                } else {
                    everyQueryHasData = false;
                    problems.add(
                            uid + " / " + title(p) + " / " + (e.getKey().isEmpty() ? "?" : e.getKey()) + ": no data");
                }
            }
            if (everyQueryHasData) {
                panelsWithData++;
            }
        }
        return new FileReport(file, uid, panels, panelsWithData, queries, queriesWithData);
    }

    /** The panel's frames, or null when the panel holds no snapshot data at all. */
    private static List<JsonNode> frames(JsonNode panel) {
        if (panel.path("snapshotData").isArray() && !panel.path("snapshotData").isEmpty()) {
            return List.copyOf(panel.path("snapshotData").values());
        }
        List<JsonNode> frames = null;
        for (JsonNode t : panel.path("targets").values()) {
            if (SnapshotBody.SNAPSHOT_QUERY_TYPE.equals(t.path("queryType").asString(""))) {
                if (frames == null) {
                    frames = new ArrayList<>();
                }
                frames.addAll(t.path("snapshot").values());
            }
        }
        return frames;
    }

    /** A number field with a finite value: in DataFrameJSON the values are columns under data.values, in the old form under each field. */
    private static boolean hasNumber(JsonNode frame) {
        JsonNode schemaFields = frame.has("schema") ? frame.path("schema").path("fields") : frame.path("fields");
        List<JsonNode> fields = List.copyOf(schemaFields.values());
        for (int i = 0; i < fields.size(); i++) {
            if (!"number".equals(fields.get(i).path("type").asString(""))) {
                continue;
            }
            JsonNode column = frame.has("schema")
                    ? frame.path("data").path("values").path(i)
                    : fields.get(i).path("values");
            for (JsonNode v : column.values()) {
                if (v.isNumber() && Double.isFinite(v.asDouble())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String title(JsonNode panel) {
        return panel.path("title").asString("panel " + panel.path("id").asInt());
    }
}
