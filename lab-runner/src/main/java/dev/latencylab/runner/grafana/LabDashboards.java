package dev.latencylab.runner.grafana;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Reads the lab's dashboards: every {@code *.json} of a folder tagged {@value #TAG}. */
public final class LabDashboards {

    public static final String TAG = "kafka-latency-lab";
    /** Where the dashboards live in the repository; the CLI runs from its root. */
    public static final String DEFAULT_DIR = "observability/grafana/dashboards";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private LabDashboards() {}

    public static List<LabDashboard> load(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new DashboardException("no dashboards folder at " + dir);
        }
        List<Path> files;
        try {
            files = jsonFiles(dir);
        } catch (IOException e) {
            throw new DashboardException("cannot list " + dir + ": " + e.getMessage(), e);
        }
        List<LabDashboard> dashboards = new ArrayList<>();
        for (Path f : files) {
            LabDashboard d = read(f);
            if (d.tags().contains(TAG)) {
                dashboards.add(d);
            }
        }
        if (dashboards.isEmpty()) {
            throw new DashboardException("no dashboard tagged " + TAG + " in " + dir);
        }
        return dashboards;
    }

    /** The JSON files of a folder, in name order so that what is read from them and reported is stable. */
    static List<Path> jsonFiles(Path dir) throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(f -> f.getFileName().toString().endsWith(".json"))
                    .sorted()
                    .toList();
        }
    }

    public static LabDashboard read(Path file) {
        try {
            JsonNode node = JSON.readTree(Files.readString(file));
            if (!(node instanceof ObjectNode o)) {
                throw new DashboardException(file + " is not a JSON object");
            }
            return new LabDashboard(file, o);
        } catch (IOException e) {
            throw new DashboardException("cannot read " + file + ": " + e.getMessage(), e);
        } catch (JacksonException e) {
            throw new DashboardException(file + " is not valid JSON: " + e.getOriginalMessage(), e);
        }
    }
}
