package dev.latencylab.runner.scenario;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.latencylab.api.settings.ConsumerSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

/**
 * Writes the scenario as it was run: every phase spelled out (defaults applied, command-line
 * timing in effect), in the same format the loader reads, so a results folder can be re-run.
 * Jackson writes the records as the loader binds them; a field not given is left out.
 */
public final class ScenarioWriter {

    private final YAMLMapper yaml = YAMLMapper.builder()
            .disable(YAMLWriteFeature.WRITE_DOC_START_MARKER)
            .enable(YAMLWriteFeature.MINIMIZE_QUOTES)
            .disable(YAMLWriteFeature.SPLIT_LINES)
            // Lists indented under their key, as yamllint's default and the repository's files have them.
            .enable(YAMLWriteFeature.INDENT_ARRAYS_WITH_INDICATOR)
            .changeDefaultPropertyInclusion(i -> i.withValueInclusion(JsonInclude.Include.NON_EMPTY))
            .addModule(new SimpleModule().addSerializer(Duration.class, new DurationText()))
            .build();

    /** The file's top level: {@code repeat} only when the run repeats. */
    private record WrittenScenario(String name, String description, Integer repeat, List<WrittenPhase> phases) {}

    /** A phase as the file gives it: {@code settings.rate: max} for a rate search, an existing topic by its name. */
    private record WrittenPhase(
            String name,
            Map<String, Object> settings,
            Duration warmup,
            Duration duration,
            Object topic,
            Integer backlog,
            Integer producers,
            NetworkDelay network,
            List<Map<String, Object>> faults,
            ConsumerSettings consumer) {}

    public String write(Scenario scenario) {
        return yaml.writeValueAsString(new WrittenScenario(
                scenario.name(),
                scenario.description(),
                scenario.repeat() > 1 ? scenario.repeat() : null,
                scenario.phases().stream().map(ScenarioWriter::phase).toList()));
    }

    private static WrittenPhase phase(Phase p) {
        Map<String, Object> settings = p.settings().plain();
        if (p.maxRate()) {
            settings.put("rate", "max");
        }
        TopicSpec topic = p.topic();
        return new WrittenPhase(
                p.name(),
                settings,
                p.warmup(),
                p.duration(),
                topic != null && !topic.created() ? topic.name() : topic,
                p.backlog(),
                p.producers(),
                p.network(),
                p.faults().stream() // "at" first, as people write a step
                        .<Map<String, Object>>map(f ->
                                new TreeMap<>(Map.of("at", f.at(), f.action().label(), f.target())))
                        .toList(),
                p.consumer());
    }

    /** A duration in the short form the loader reads: 4m30s. */
    private static final class DurationText extends ValueSerializer<Duration> {
        @Override
        public void serialize(Duration value, JsonGenerator gen, SerializationContext ctxt) {
            gen.writeString(Durations.format(value));
        }
    }
}
