package dev.latencylab.runner.scenario;

import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.api.settings.ConsumerSettingsReader;
import dev.latencylab.api.settings.PayloadKind;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.api.settings.SettingsReader;
import dev.latencylab.kafka.config.ClientPropertyCheck;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads a phase's producer and consumer settings over the defaults', with the same readers as the
 * apps' endpoints, so that a value an app would refuse is refused before anything starts.
 */
final class PhaseSettingsReader {

    private final YAMLMapper yaml;
    private final PayloadFolder payloads;

    PhaseSettingsReader(YAMLMapper yaml, PayloadFolder payloads) {
        this.yaml = yaml;
        this.payloads = payloads;
    }

    /**
     * The phase's settings over the defaults', read and checked by the same reader as the
     * producer's endpoint, so a value refused there is refused here, before anything starts.
     * Every setting but keyStrategy must be given; keys default to order ids.
     */
    ProducerSettings producer(
            JsonNode own, JsonNode defaults, boolean maxRate, String label, ScenarioProblems problems) {
        Map<String, Object> fields = new LinkedHashMap<>();
        over(fields, asMap(defaults), "producerConfig");
        over(fields, asMap(own), "producerConfig");
        if (maxRate) {
            fields.put("rate", ScenarioLoader.MAX_RATE_SEARCH_START);
        }
        List<BadSettingsException> refused = new ArrayList<>();
        SettingsChange read = SettingsReader.change(fields, SettingsReader.SETTINGS_FIELDS, refused);
        Set<String> reported = new HashSet<>();
        for (BadSettingsException e : refused) {
            if ((SettingsReader.SETTINGS_FIELDS.contains(e.field()) || e.field().startsWith("producerConfig."))
                    && reported.add(e.field())) {
                problems.add(label + "settings." + e.field(), withoutField(e));
            }
        }
        // Every setting but the optional ones (keys, payload kind, level, file) must be given.
        for (String field : new TreeSet<>(SettingsReader.SETTINGS_FIELDS)) {
            if (!fields.containsKey(field) && !SettingsReader.OPTIONAL_SETTINGS.contains(field)) {
                problems.add(label + "settings." + field, "is missing (set it in the phase or in defaults)");
                reported.add(field);
            }
        }
        if (!reported.isEmpty()) {
            return null;
        }
        try {
            ProducerSettings settings = ProducerSettings.of(read);
            if (settings.payload() == PayloadKind.SAMPLE) {
                // Refused before the run starts, from the producer's one folder, with its own reading of the file.
                payloads.read(settings.payloadFile());
            }
            ClientPropertyCheck.producer("producerConfig", settings.producerConfig());
            return settings;
        } catch (BadSettingsException e) {
            problems.add(label + "settings." + e.field(), e.getMessage());
            return null;
        }
    }

    /**
     * The phase's consumer settings over the defaults' and {@link ConsumerSettings#DEFAULTS}, read
     * by the same reader as {@code /actuator/consumer}; null when neither names any.
     */
    ConsumerSettings consumer(JsonNode own, JsonNode defaults, String label, ScenarioProblems problems) {
        if (own.isMissingNode() && defaults.isMissingNode()) {
            return null;
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        for (JsonNode block : List.of(defaults, own)) {
            if (block.isMissingNode()) {
                continue;
            }
            if (!block.isObject()) {
                problems.add(label + "consumer", "must be a mapping of consumer settings");
                return null;
            }
            over(fields, asMap(block), "consumerConfig");
        }
        List<BadSettingsException> refused = new ArrayList<>();
        ConsumerSettings read = ConsumerSettingsReader.settings(fields, ConsumerSettings.DEFAULTS, refused);
        if (read != null) {
            try {
                ClientPropertyCheck.consumer("consumerConfig", read.consumerConfig());
            } catch (BadSettingsException e) {
                refused.add(e);
                read = null;
            }
        }
        for (BadSettingsException e : refused) {
            problems.add(label + "consumer." + e.field(), withoutField(e));
        }
        return read;
    }

    /**
     * Puts a block's fields over those read so far; its Kafka properties ({@code propertiesField}) go over
     * the earlier ones one by one, as a phase's settings go over the defaults'.
     */
    private static void over(Map<String, Object> fields, Map<String, Object> block, String propertiesField) {
        Object before = fields.get(propertiesField);
        fields.putAll(block);
        if (before instanceof Map<?, ?> base && block.get(propertiesField) instanceof Map<?, ?> mine) {
            Map<Object, Object> merged = new LinkedHashMap<>(base);
            merged.putAll(mine);
            fields.put(propertiesField, merged);
        }
    }

    /** The reader's message without its leading field name, which the problem's path already gives. */
    private static String withoutField(BadSettingsException e) {
        String message = e.getMessage();
        return message.startsWith(e.field() + " ") ? message.substring(e.field().length() + 1) : message;
    }

    static boolean isMax(JsonNode rate) {
        return rate.isString() && rate.asString().trim().equalsIgnoreCase("max");
    }

    private Map<String, Object> asMap(JsonNode node) {
        if (!node.isObject()) {
            return Map.of();
        }
        return yaml.convertValue(node, new TypeReference<Map<String, Object>>() {});
    }
}
