package dev.latencylab.runner.diff;

import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.results.summary.Spread;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes a results folder's summary.json in the runner's current shape (phase rows with their
 * description, and {@code repeats.phases} with every figure's values over the repeats) from the
 * few figures a test names.
 */
final class SummaryJson {

    /** One scenario phase: its setup and each figure's value per repeat. */
    static final class Phase {
        private final String name;
        private int linger = 5;
        private int partitions = 3;
        private final Map<String, String> consumer =
                new LinkedHashMap<>(Map.of("fetch.max.wait.ms", "500", "max.poll.records", "500"));
        private boolean partial;
        private Boolean spreadPartial;
        private final Map<String, List<Double>> figures = new LinkedHashMap<>();

        private Phase(String name) {
            this.name = name;
        }

        Phase linger(int ms) {
            linger = ms;
            return this;
        }

        Phase partitions(int n) {
            partitions = n;
            return this;
        }

        Phase consumerSetting(String key, String value) {
            consumer.put(key, value);
            return this;
        }

        Phase partial() {
            partial = true;
            return this;
        }

        /** The spread's own word on whether it spans a repeat cut short (a summary.json written since they may not). */
        Phase spreadPartial(boolean value) {
            spreadPartial = value;
            return this;
        }

        /** The figure's value in repeat 1, 2, ... (null: that repeat did not measure it). */
        Phase figure(String key, Double... perRepeat) {
            figures.put(key, Arrays.asList(perRepeat));
            return this;
        }
    }

    private final String scenario;
    private final int repeats;
    private final List<Phase> phases = new ArrayList<>();
    private String stack;
    /** What each consumer instance received and each producer-app sent, before the repeat's number. */
    private long perInstance = 20_000;

    SummaryJson(String scenario, int repeats) {
        this.scenario = scenario;
        this.repeats = repeats;
    }

    SummaryJson phase(String name, Consumer<Phase> spec) {
        Phase p = new Phase(name);
        spec.accept(p);
        phases.add(p);
        return this;
    }

    /** The stack line scripts/lab gives the run (its mode, the brokers' Kafka version). */
    SummaryJson stack(String description) {
        this.stack = description;
        return this;
    }

    /** The per-instance counts a run's descriptions carry (figures of the run, never its setup). */
    SummaryJson perInstance(long records) {
        this.perInstance = records;
        return this;
    }

    /** Writes DIR/summary.json; returns DIR. */
    Path writeTo(Path dir) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("summary.json"), JsonHttp.MAPPER.writeValueAsString(json()));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ObjectNode json() {
        ObjectNode root = JsonHttp.MAPPER.createObjectNode();
        root.put("scenario", scenario);
        root.put("startedAt", "2026-11-23T12:00:00Z");
        root.put("endedAt", "2026-11-23T12:10:00Z");
        root.put("complete", true);
        root.put("cores", 2);
        if (stack != null) {
            root.put("stack", stack);
        }
        ObjectNode rep = root.putObject("repeats");
        rep.put("count", repeats);
        ArrayNode spreads = rep.putArray("phases");
        ArrayNode rows = root.putArray("phases");
        for (int r = 1; r <= repeats; r++) {
            for (Phase p : phases) {
                rows.add(row(p, r));
            }
        }
        for (Phase p : phases) {
            ObjectNode s = spreads.addObject();
            s.put("name", p.name);
            s.set("settings", settings(p));
            s.put("repeats", repeats);
            if (p.spreadPartial != null) {
                s.put("partial", p.spreadPartial);
            }
            ObjectNode figures = s.putObject("figures");
            p.figures.forEach((key, values) -> figures.set(key, JsonHttp.MAPPER.valueToTree(Spread.of(values))));
        }
        root.putArray("warnings");
        return root;
    }

    private ObjectNode row(Phase p, int repeat) {
        ObjectNode row = JsonHttp.MAPPER.createObjectNode();
        row.put("name", p.name);
        row.put("repeat", repeat);
        row.set("settings", settings(p));
        row.put("complete", !(p.partial && repeat == repeats));
        p.figures.forEach((key, values) -> {
            Double v = repeat <= values.size() ? values.get(repeat - 1) : null;
            String[] path = key.split("\\.");
            ObjectNode at = row;
            for (int i = 0; i < path.length - 1; i++) {
                at = at.has(path[i]) ? (ObjectNode) at.get(path[i]) : at.putObject(path[i]);
            }
            at.put(path[path.length - 1], v);
        });
        ObjectNode d = row.putObject("description");
        d.put("topic", "lab.orders");
        ArrayNode parts = d.putArray("partitions");
        for (int i = 0; i < p.partitions; i++) {
            parts.add(i);
        }
        // As the runner writes it: what each consumer instance received and held, which differs run to run.
        ObjectNode instance = d.putArray("instances").addObject();
        instance.put("instance", "http://127.0.0.1:8081");
        instance.put("received", 2 * perInstance + repeat);
        instance.putArray("partitions").add(0).add(1).add(2);
        // With two producer-apps the description lists each one's sends, which differ run to run too.
        ObjectNode producer = d.putArray("producers").addObject();
        producer.put("instance", "http://127.0.0.1:8080");
        producer.put("sent", perInstance + repeat);
        ObjectNode c = d.putObject("consumer");
        c.put("topic", "lab.orders");
        c.put("groupId", "latency-lab-consumer");
        ObjectNode cs = c.putObject("settings");
        p.consumer.forEach(cs::put);
        return row;
    }

    private static ObjectNode settings(Phase p) {
        ObjectNode s = JsonHttp.MAPPER.createObjectNode();
        s.put("lingerMs", p.linger);
        s.put("batchSize", 16384);
        s.put("compression", "none");
        s.put("rate", 1000.0);
        s.put("payloadBytes", 400);
        s.put("keyStrategy", "order-id");
        return s;
    }
}
