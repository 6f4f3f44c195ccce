package dev.latencylab.runner.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

/**
 * Writes the scenario as it was run: every phase spelled out (defaults applied, command-line
 * timing in effect), in the same format the loader reads, so a results folder can be re-run.
 */
public final class ScenarioWriter {

    private final YAMLMapper yaml = YAMLMapper.builder()
            .disable(YAMLWriteFeature.WRITE_DOC_START_MARKER)
            .enable(YAMLWriteFeature.MINIMIZE_QUOTES)
            .disable(YAMLWriteFeature.SPLIT_LINES)
            // Lists indented under their key, as yamllint's default and the repository's files have them.
            .enable(YAMLWriteFeature.INDENT_ARRAYS_WITH_INDICATOR)
            .build();

    public String write(Scenario scenario) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("name", scenario.name());
        if (scenario.description() != null) {
            root.put("description", scenario.description());
        }
        if (scenario.repeat() > 1) {
            root.put("repeat", scenario.repeat());
        }
        List<Map<String, Object>> phases =
                scenario.phases().stream().map(ScenarioWriter::phase).toList();
        root.put("phases", phases);
        return yaml.writeValueAsString(root);
    }

    private static final JsonMapper FIELDS = JsonMapper.builder().build();

    private static Map<String, Object> phase(Phase p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", p.name());
        Map<String, Object> s = p.settings().plain();
        if (p.maxRate()) {
            s.put("rate", "max");
        }
        m.put("settings", s);
        m.put("warmup", Durations.format(p.warmup()));
        m.put("duration", Durations.format(p.duration()));
        TopicSpec t = p.topic();
        if (t != null && !t.created()) {
            m.put("topic", t.name());
        } else if (t != null) {
            Map<String, Object> topic = new LinkedHashMap<>();
            topic.put("name", t.name());
            topic.put("partitions", t.partitions());
            if (t.replicationFactor() != null) {
                topic.put("replicationFactor", t.replicationFactor());
            }
            if (t.minInsyncReplicas() != null) {
                topic.put("minInsyncReplicas", t.minInsyncReplicas());
            }
            if (!t.configs().isEmpty()) {
                topic.put("configs", t.configs());
            }
            topic.put("keep", t.keep());
            m.put("topic", topic);
        }
        if (p.backlog() != null) {
            m.put("backlog", p.backlog());
        }
        if (p.producers() != null) {
            m.put("producers", p.producers());
        }
        if (p.network() != null) {
            Map<String, Object> n = new LinkedHashMap<>();
            n.put("rttMs", p.network().rttMs());
            n.put("jitterMs", p.network().jitterMs());
            n.put("lossPercent", p.network().lossPercent());
            n.put("receiveBufferBytes", p.network().receiveBufferBytes());
            m.put("network", n);
        }
        if (p.injectsFaults()) {
            m.put(
                    "faults",
                    p.faults().stream()
                            .map(f -> {
                                Map<String, Object> step = new LinkedHashMap<>();
                                step.put("at", Durations.format(f.at()));
                                step.put(f.action().label(), f.target());
                                return step;
                            })
                            .toList());
        }
        if (p.consumer() != null) {
            // The contract's names and labels, as /actuator/consumer shows them.
            m.put("consumer", FIELDS.convertValue(p.consumer(), new TypeReference<Map<String, Object>>() {}));
        }
        return m;
    }
}
