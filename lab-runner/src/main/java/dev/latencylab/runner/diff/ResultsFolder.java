package dev.latencylab.runner.diff;

import dev.latencylab.runner.endpoint.JsonHttp;
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
 * Reads a results folder for the diff: summary.json as a JSON tree rather than the results
 * package's records, so a summary written by an older runner (one the records no longer accept,
 * such as one from before keyStrategy) or a newer one (figures this runner does not know) still
 * reads; environment.json, when there, only labels the header.
 */
final class ResultsFolder {

    private static final List<String> ENVIRONMENT = List.of(
            "labVersion", "kafkaClientsVersion", "javaVersion", "javaVendor", "os", "osArch", "cores", "memoryBytes");

    private ResultsFolder() {}

    /** @throws DiffException when the folder or its summary.json is missing or not a run's summary */
    static RunResults read(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new DiffException(dir + " is not a folder; give a results folder the run command wrote");
        }
        Path file = dir.resolve("summary.json");
        if (!Files.isRegularFile(file)) {
            throw new DiffException(dir + " has no summary.json; give a results folder the run command wrote");
        }
        JsonNode summary;
        try {
            summary = json(file);
        } catch (IOException | JacksonException e) {
            throw new DiffException(file + " cannot be read as JSON: " + e.getMessage());
        }
        if (!summary.path("phases").isArray()) {
            throw new DiffException(file + " has no phases: it is not a summary the run command wrote");
        }
        List<RunPhase> phases = SummaryPhases.read(summary);
        Map<String, String> environment = environment(dir.resolve("environment.json"));
        if (!environment.containsKey("cores") && summary.path("cores").isNumber()) {
            environment.put("cores", text(summary.path("cores")));
        }
        // What the run ran on as scripts/lab described it: the mode and the brokers' Kafka version.
        String stack = text(summary.path("stack"));
        if (stack != null && !stack.isBlank()) {
            environment.put("stack", stack.strip());
        }
        return new RunResults(info(dir, summary, environment), phases);
    }

    private static RunInfo info(Path dir, JsonNode s, Map<String, String> environment) {
        Path absolute = dir.toAbsolutePath().normalize();
        List<String> warnings = new ArrayList<>();
        s.path("warnings").forEach(w -> warnings.add(w.asString("")));
        return new RunInfo(
                absolute.getFileName() == null
                        ? absolute.toString()
                        : absolute.getFileName().toString(),
                absolute.toString(),
                text(s.path("scenario")),
                text(s.path("startedAt")),
                text(s.path("endedAt")),
                s.path("complete").isBoolean() ? s.path("complete").booleanValue() : null,
                text(s.path("stopReason")),
                Math.max(1, s.path("repeats").path("count").asInt(1)),
                environment,
                warnings);
    }

    /** The environment's descriptive fields; empty when the file is missing or unreadable (it only labels the header). */
    private static Map<String, String> environment(Path file) {
        Map<String, String> env = new LinkedHashMap<>();
        if (!Files.isRegularFile(file)) {
            return env;
        }
        try {
            JsonNode e = json(file);
            for (String k : ENVIRONMENT) {
                String v = text(e.path(k));
                if (v != null) {
                    env.put(k, v);
                }
            }
        } catch (IOException | JacksonException e) {
            // The figures come from summary.json: an unreadable environment.json leaves the header shorter, no more.
        }
        return env;
    }

    private static JsonNode json(Path file) throws IOException {
        return JsonHttp.MAPPER.readTree(Files.readString(file));
    }

    private static String text(JsonNode n) {
        return n.isMissingNode() || n.isNull()
                ? null
                : n.isNumber() ? n.numberValue().toString() : n.asString();
    }
}
