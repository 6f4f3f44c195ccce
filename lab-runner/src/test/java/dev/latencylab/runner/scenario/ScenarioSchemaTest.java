package dev.latencylab.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.latencylab.api.settings.CommitMode;
import dev.latencylab.api.settings.ConsumerChange;
import dev.latencylab.api.settings.ConsumerLimits;
import dev.latencylab.api.settings.ListenerType;
import dev.latencylab.api.settings.ProcessingOrder;
import dev.latencylab.api.settings.ProducerChange;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsLimits;
import dev.latencylab.api.settings.WorkKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * scenarios/scenario.schema.json, the editors' view of the scenario format, kept in step with what
 * {@link ScenarioLoader} accepts: what the loader reads validates, what it refuses for a field's name,
 * type or range the schema refuses too, and the schema's fields at every level are those of the
 * records Jackson binds them into, or of lab-api's settings tables.
 */
class ScenarioSchemaTest {

    private static final Path SCENARIOS = Path.of("..", "scenarios");
    private static final Path SCHEMA_FILE = SCENARIOS.resolve("scenario.schema.json");
    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    private final ScenarioLoader loader = new ScenarioLoader();
    private final Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
            .getSchema(read(SCHEMA_FILE));
    private final JsonNode defs = read(SCHEMA_FILE).path("$defs");

    private static final String VALID =
            """
            name: valid
            repeat: 2
            defaults:
              warmup: 5s
              duration: 20s
              settings: {lingerMs: 5, batchSize: 16384, compression: lz4, rate: 1000, payloadBytes: 400}
            phases:
              - name: a
                topic: {name: 'lab.orders.{phase}', partitions: 3}
                consumer: {maxPollRecords: 50, commit: batch, processing: per-key, workers: 4}
                faults: [{at: 5s, kill: leader}, {at: 10s, restart: leader}]
              - name: b
                settings: {acks: 1, rate: unthrottled}
                backlog: 1000
            """;

    @Test
    void everyShippedScenarioNamesTheSchemaOnItsFirstLineAndValidatesAgainstIt() throws IOException {
        List<Path> files;
        try (Stream<Path> list = Files.list(SCENARIOS)) {
            files = list.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThan(10);
        for (Path f : files) {
            String text = Files.readString(f);
            assertThat(text.lines().findFirst().orElse(""))
                    .as("%s: first line", f)
                    .isEqualTo(ScenarioSchema.SHIPPED_HEADER);
            // The header is a YAML comment: the loader reads the file as before.
            assertThat(loader.load(f).phases()).as(f.toString()).isNotEmpty();
            assertThat(errors(text)).as(f.toString()).isEmpty();
        }
    }

    @Test
    void aScenarioTheLoaderAcceptsValidates() {
        assertThat(loader.parse("valid.yaml", "valid", VALID).phases()).hasSize(2);
        assertThat(errors(VALID)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                // unknown fields, at every level
                "phases:\n  - name: a\n    settingz: {}",
                "repeats: 2",
                "defaults: {settings: {lingerMS: 5}}",
                "defaults: {settings: {maxInFlight: 5}}",
                "defaults: {topic: {name: lab.x, partitions: 3, keeep: true}}",
                "phases:\n  - name: a\n    consumer: {maxPollRecord: 5}",
                "phases:\n  - name: a\n    faults: [{at: 5s, kill: leader, when: now}]",
                "phases:\n  - name: a\n    network: {rtt: 5}",
                // wrong types
                "repeat: two",
                "defaults: {settings: {lingerMs: '5'}}",
                "defaults: {settings: {compression: brotli}}",
                "defaults: {warmup: 10}",
                "defaults: {topic: {name: lab.x, partitions: 3, keep: 'yes'}}",
                "phases:\n  - name: a\n    consumer: {commitSync: 'true'}",
                "phases:\n  - name: a\n    consumer: {processing: parallel}",
                "phases: {name: a}",
                // out of range
                "repeat: 21",
                "defaults: {settings: {lingerMs: 10001}}",
                "defaults: {settings: {payloadBytes: 359}}",
                "defaults: {settings: {rate: 200001}}",
                "defaults: {topic: {name: lab.x, partitions: 0}}",
                "phases:\n  - name: a\n    backlog: 0",
                "phases:\n  - name: a\n    producers: 1025",
                "phases:\n  - name: a\n    consumer: {workers: 1025}",
                "phases:\n  - name: a\n    network: {lossPercent: 101}",
                "phases:\n  - name: a\n    faults: [{at: 5s, kill: consumer-9}]",
                "phases:\n  - name: 'a b'",
                "defaults: {topic: orders}",
            })
    void whatTheLoaderRefusesForANameATypeOrARangeTheSchemaRefusesToo(String change) {
        String text = withChange(change);

        assertThatThrownBy(() -> loader.parse("wrong.yaml", "wrong", text))
                .as("the loader refuses %s", change)
                .isInstanceOf(ScenarioException.class);
        assertThat(errors(text)).as("the schema refuses %s", change).isNotEmpty();
    }

    @Test
    void theSchemaKnowsEveryFieldTheLoaderKnowsAndNoOther() {
        assertThat(fields(read(SCHEMA_FILE))).isEqualTo(components(ScenarioLoader.ScenarioFile.class));
        assertThat(components(PhaseReader.PhaseFile.class)).containsAll(fields(defs.path("defaults")));
        assertThat(fields(defs.path("phase"))).isEqualTo(components(PhaseReader.PhaseFile.class));
        assertThat(fields(defs.path("settings"))).isEqualTo(ProducerChange.SETTINGS_FIELDS);
        assertThat(fields(defs.path("consumer"))).isEqualTo(ConsumerChange.SETTINGS_FIELDS);
        assertThat(fields(defs.path("topic").path("oneOf").path(1))).isEqualTo(components(TopicSpec.class));
        assertThat(fields(defs.path("network"))).isEqualTo(components(NetworkDelay.class));
        assertThat(fields(defs.path("fault")))
                .isEqualTo(Stream.concat(
                                Stream.of("at"),
                                Arrays.stream(TimedFault.Action.values()).map(TimedFault.Action::label))
                        .collect(Collectors.toSet()));
    }

    @Test
    void theConsumersChoicesAreLabApisLabels() {
        Map<String, Class<? extends Enum<?>>> choices = Map.of(
                "commit", CommitMode.class,
                "listener", ListenerType.class,
                "processing", ProcessingOrder.class,
                "work", WorkKind.class);
        choices.forEach((field, type) -> assertThat(defs.path("consumer")
                        .path("properties")
                        .path(field)
                        .path("enum")
                        .valueStream()
                        .map(JsonNode::asString)
                        .toList())
                .as(field)
                .containsExactlyElementsOf(Arrays.stream(type.getEnumConstants())
                        .map(Object::toString)
                        .toList()));
    }

    @Test
    void aRunnablePhaseNeedsTheSettingsLabApiHasNoFallbackFor() {
        Set<String> required = ProducerSettings.REQUIRED;
        JsonNode runnable = defs.path("runnablePhase");

        assertThat(runnable.path("properties")
                        .path("settings")
                        .path("required")
                        .valueStream()
                        .map(JsonNode::asString)
                        .collect(Collectors.toSet()))
                .isEqualTo(required);
        assertThat(runnable.path("required").valueStream().map(JsonNode::asString))
                .containsExactlyInAnyOrder("settings", "warmup", "duration");
    }

    /** The fields Jackson binds into a record: its components. */
    private static Set<String> components(Class<? extends Record> type) {
        return Arrays.stream(type.getRecordComponents())
                .map(RecordComponent::getName)
                .collect(Collectors.toSet());
    }

    @Test
    void theSettingsRangesAreTheEndpointsOwn() {
        Map<String, SettingsLimits.IntRange> producer = Map.of(
                "lingerMs", SettingsLimits.LINGER_MS,
                "batchSize", SettingsLimits.BATCH_SIZE,
                "payloadBytes", SettingsLimits.PAYLOAD_BYTES,
                "transactionMs", SettingsLimits.TRANSACTION_MS,
                "abortEvery", SettingsLimits.ABORT_EVERY);
        producer.forEach((name, range) -> assertRange(defs.path("settings"), name, range));
        JsonNode rate = defs.path("settings")
                .path("properties")
                .path("rate")
                .path("oneOf")
                .path(0);
        assertThat(rate.path("minimum").asDouble()).isEqualTo(SettingsLimits.MIN_RATE);
        assertThat(rate.path("maximum").asDouble()).isEqualTo(SettingsLimits.MAX_RATE);
        Map<String, SettingsLimits.IntRange> consumer = Map.of(
                "maxPollRecords", ConsumerLimits.MAX_POLL_RECORDS,
                "commitCount", ConsumerLimits.COMMIT_COUNT,
                "commitIntervalMs", ConsumerLimits.COMMIT_INTERVAL_MS,
                "workers", ConsumerLimits.WORKERS,
                "workMicros", ConsumerLimits.WORK_MICROS);
        consumer.forEach((name, range) -> assertRange(defs.path("consumer"), name, range));
        JsonNode phase = defs.path("phase").path("properties");
        assertThat(phase.path("backlog").path("maximum").asInt()).isEqualTo(Phase.MAX_BACKLOG);
        assertThat(phase.path("producers").path("maximum").asInt()).isEqualTo(Phase.MAX_PRODUCERS);
        assertThat(read(SCHEMA_FILE)
                        .path("properties")
                        .path("repeat")
                        .path("maximum")
                        .asInt())
                .isEqualTo(Scenario.MAX_REPEAT);
    }

    private static void assertRange(JsonNode owner, String name, SettingsLimits.IntRange range) {
        JsonNode field = owner.isArray()
                ? owner.path(Integer.parseInt(name))
                : owner.path("properties").path(name);
        assertThat(field.path("minimum").asInt()).as("%s minimum", name).isEqualTo(range.min());
        assertThat(field.path("maximum").asInt()).as("%s maximum", name).isEqualTo(range.max());
    }

    private static Set<String> fields(JsonNode objectSchema) {
        return new HashSet<>(objectSchema.path("properties").propertyNames());
    }

    /** The valid scenario with one change merged in at its place. */
    private static String withChange(String change) {
        JsonNode base = YAML.readTree(VALID);
        JsonNode patch = YAML.readTree(change);
        merge((ObjectNode) base, patch);
        return YAML.writeValueAsString(base);
    }

    private static void merge(ObjectNode base, JsonNode patch) {
        for (Map.Entry<String, JsonNode> e : patch.properties()) {
            JsonNode existing = base.get(e.getKey());
            if (e.getKey().equals("phases") && e.getValue().isArray() && existing != null && existing.isArray()) {
                // A patch's phase replaces the first phase's fields it names.
                merge((ObjectNode) existing.get(0), e.getValue().get(0));
            } else if (existing instanceof ObjectNode o && e.getValue().isObject()) {
                merge(o, e.getValue());
            } else {
                base.set(e.getKey(), e.getValue());
            }
        }
    }

    private List<String> errors(String yaml) {
        return schema.validate(YAML.readTree(yaml)).stream()
                .map(Error::toString)
                .toList();
    }

    private static JsonNode read(Path file) {
        try {
            String text = Files.readString(file);
            return file.toString().endsWith(".json")
                    ? JsonMapper.builder().build().readTree(text)
                    : YAML.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
