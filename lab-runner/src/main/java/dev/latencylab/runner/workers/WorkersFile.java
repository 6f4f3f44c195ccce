package dev.latencylab.runner.workers;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * A workers file ({@code --workers FILE}): YAML (JSON is YAML too) naming the instances by URL,
 *
 * <pre>
 * producers: [http://10.0.0.5:8080, dns+http://producer-app.lab.svc:8080]
 * consumers: [http://10.0.0.7:8081]
 * </pre>
 *
 * both lists required; any other field is refused by name.
 */
public final class WorkersFile {

    private static final Set<String> FIELDS = Set.of("producers", "consumers");
    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    private WorkersFile() {}

    /**
     * The file's instances, DNS forms resolved once, now.
     *
     * @throws IllegalArgumentException naming the file and what it refuses
     */
    public static Workers read(Path file, HostResolver dns) {
        JsonNode root;
        try {
            root = YAML.readTree(Files.readString(file));
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot be read (" + e.getMessage() + ")", e);
        } catch (JacksonException e) {
            throw new IllegalArgumentException(file + ": not YAML: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(file + ": must be a mapping with producers: and consumers:");
        }
        for (String name : root.propertyNames()) {
            if (!FIELDS.contains(name)) {
                throw new IllegalArgumentException(
                        file + ": " + name + ": unknown field (known: consumers, producers)");
            }
        }
        String where = " in " + file;
        return Workers.of(
                urls(root, "producers", file),
                "producers" + where,
                urls(root, "consumers", file),
                "consumers" + where,
                dns);
    }

    private static List<URI> urls(JsonNode root, String field, Path file) {
        JsonNode list = root.get(field);
        if (list == null || !list.isArray() || list.isEmpty()) {
            throw new IllegalArgumentException(file + ": " + field + ": a list of one URL or more is required");
        }
        List<URI> urls = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode item = list.get(i);
            String label = file + ": " + field + "[" + i + "]";
            if (!item.isString()) {
                throw new IllegalArgumentException(label + ": must be a URL, got " + item);
            }
            try {
                urls.add(new URI(item.asString().strip()));
            } catch (java.net.URISyntaxException e) {
                throw new IllegalArgumentException(label + ": not a URL: " + e.getMessage(), e);
            }
        }
        return urls;
    }
}
