package dev.latencylab.runner.grafana;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code <out>/snapshots/<uid>.json}: the body Grafana's {@code POST /api/snapshots} accepts, so
 * any Grafana can take it later ({@code curl -u admin:... -H 'Content-Type: application/json'
 * --data @lab-overview.json http://grafana:3000/api/snapshots}).
 */
final class SnapshotFiles {

    public static final String FOLDER = "snapshots";
    static final JsonMapper JSON =
            JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private SnapshotFiles() {}

    public static Path write(Path out, String uid, ObjectNode body) throws IOException {
        Path dir = out.resolve(FOLDER);
        Files.createDirectories(dir);
        Path file = dir.resolve(uid + ".json");
        Files.writeString(file, JSON.writeValueAsString(body) + "\n");
        return file;
    }
}
