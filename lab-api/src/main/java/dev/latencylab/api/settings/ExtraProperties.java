package dev.latencylab.api.settings;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Kafka client properties a phase sets beyond the lab's own settings ({@code producerConfig},
 * {@code consumerConfig}):
 * their shape, bounded because they travel to an endpoint and into every report. Whether Kafka
 * knows a property and accepts its value is checked where the Kafka client is on the classpath
 * (lab-kafka's {@code ClientPropertyCheck}), by the scenario loader and the producer's endpoint alike.
 */
public final class ExtraProperties {

    public static final int MAX_ENTRIES = 32;
    public static final int MAX_VALUE_LENGTH = 500;
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9.\\-]{0,99}");

    /**
     * The producer's settings that are the Kafka producer's own properties, by their name, in the
     * order {@link ProducerSettings#kafkaProperties} gives them (the codec's level, whose property
     * depends on the codec, is set apart). Here, not in {@link ProducerSettings}, whose constructor
     * reads this class: neither class needs the other initialised first.
     */
    static final Map<String, String> PRODUCER_CLIENT = ordered(
            "lingerMs", "linger.ms",
            "batchSize", "batch.size",
            "compression", "compression.type",
            "acks", "acks");

    /** Above it Kafka refuses an idempotent producer, which the lab's acks all is. */
    private static final String IN_FLIGHT = "max.in.flight.requests.per.connection";

    private static final int IDEMPOTENT_MAX_IN_FLIGHT = 5;

    /**
     * The Kafka producer properties that results written before they went into {@code producerConfig}
     * name as settings, by that name, with the value the lab then gave them unless a phase said
     * otherwise (Kafka's default): a value other than that is the property a phase set.
     */
    static final Map<String, Map.Entry<String, String>> FORMER_PRODUCER_SETTINGS = Map.of(
            "maxInFlight", Map.entry(IN_FLIGHT, "5"),
            "sendBufferBytes", Map.entry("send.buffer.bytes", "131072"),
            "bufferMemory", Map.entry("buffer.memory", "33554432"));

    /** The consumer's counterpart of {@link #FORMER_PRODUCER_SETTINGS}, for {@code consumerConfig}. */
    static final Map<String, Map.Entry<String, String>> FORMER_CONSUMER_SETTINGS = Map.of(
            "fetchMinBytes", Map.entry("fetch.min.bytes", "1"),
            "fetchMaxWaitMs", Map.entry("fetch.max.wait.ms", "500"),
            "maxPartitionFetchBytes", Map.entry("max.partition.fetch.bytes", "1048576"));

    /**
     * Properties the lab sets itself: each of its settings, and what makes the app work at all. Given
     * here they would make the report's settings say one thing and the client do another.
     */
    public static final Map<String, String> PRODUCER_OWNED = producerOwned();

    /** The consumer's one setting that is the Kafka consumer's own property ({@link ConsumerSettings#maxPollRecords}). */
    static final String MAX_POLL_RECORDS = "max.poll.records";

    /**
     * Where a name that was a setting until it went into {@code producerConfig} or {@code
     * consumerConfig} is given now, for a reader that refuses it as unknown.
     */
    public static Optional<String> movedToClientConfig(String name) {
        if (FORMER_PRODUCER_SETTINGS.containsKey(name)) {
            return Optional.of("a Kafka property now: give it in producerConfig as "
                    + FORMER_PRODUCER_SETTINGS.get(name).getKey());
        }
        return Optional.ofNullable(FORMER_CONSUMER_SETTINGS.get(name))
                .map(property -> "a Kafka property now: give it in consumerConfig as " + property.getKey());
    }

    /**
     * {@code fields} with any of the {@code former} settings moved into the properties under {@code
     * configField} (at their default: dropped).
     */
    static Map<String, Object> formerSettingsMoved(
            Map<String, Object> fields, Map<String, Map.Entry<String, String>> former, String configField) {
        if (former.keySet().stream().noneMatch(fields::containsKey)) {
            return fields;
        }
        Map<String, Object> moved = new LinkedHashMap<>(fields);
        Map<Object, Object> config = new LinkedHashMap<>();
        if (moved.get(configField) instanceof Map<?, ?> given) {
            config.putAll(given);
        }
        former.forEach((name, property) -> {
            if (moved.containsKey(name)) {
                String value = String.valueOf(moved.remove(name));
                if (!value.equals(property.getValue())) {
                    config.putIfAbsent(property.getKey(), value);
                }
            }
        });
        moved.put(configField, config);
        return moved;
    }

    /**
     * Refuses a {@code max.in.flight.requests.per.connection} above 5 for an idempotent producer
     * before Kafka does at the producer's making, naming the property; a value that is no integer is
     * left to Kafka's own check, which names it too.
     */
    static void checkIdempotentInFlight(Map<String, String> producerConfig) {
        String given = producerConfig.get(IN_FLIGHT);
        if (given == null) {
            return;
        }
        try {
            if (Long.parseLong(given.trim()) > IDEMPOTENT_MAX_IN_FLIGHT) {
                String at = "producerConfig." + IN_FLIGHT;
                throw new BadSettingsException(
                        at,
                        at + " must be at most " + IDEMPOTENT_MAX_IN_FLIGHT
                                + " with acks all (the producer is idempotent); got " + given);
            }
        } catch (NumberFormatException notAnInteger) {
            // Kafka's definitions refuse it with their own words (ClientPropertyCheck).
        }
    }

    private static Map<String, String> ordered(String... namesAndProperties) {
        Map<String, String> ordered = new LinkedHashMap<>();
        for (int i = 0; i < namesAndProperties.length; i += 2) {
            ordered.put(namesAndProperties[i], namesAndProperties[i + 1]);
        }
        return Collections.unmodifiableMap(ordered);
    }

    private static Map<String, String> producerOwned() {
        Map<String, String> owned = new TreeMap<>();
        PRODUCER_CLIENT.forEach((name, property) -> owned.put(property, name));
        ownedByEveryClient(owned, "serializer");
        for (Compression codec : Compression.values()) {
            codec.levelProperty().ifPresent(property -> owned.put(property, "compressionLevel"));
        }
        owned.put("enable.idempotence", "acks (idempotence goes with acks=all)");
        owned.put("transactional.id", "transactionMs (each producer-app instance names its own)");
        return Collections.unmodifiableMap(owned);
    }

    private static Map<String, String> consumerOwned() {
        Map<String, String> owned = new TreeMap<>();
        owned.put(MAX_POLL_RECORDS, "maxPollRecords");
        ownedByEveryClient(owned, "deserializer");
        owned.put("enable.auto.commit", "commit (auto: the Kafka consumer's own commits)");
        owned.put("auto.commit.interval.ms", "commitIntervalMs (with commit auto)");
        owned.put("auto.offset.reset", "nothing: the accounting reads every record from where the group is");
        owned.put("interceptor.classes", "nothing: the lab's poll clock is the interceptor");
        owned.put("group.id", "scripts/lab up (the lab's group)");
        return Collections.unmodifiableMap(owned);
    }

    /**
     * Adds what every client of the lab has set: its brokers, its name and the {@code serde}
     * ("serializer", "deserializer") of its keys and values.
     */
    private static void ownedByEveryClient(Map<String, String> owned, String serde) {
        owned.put("bootstrap.servers", "scripts/lab up --bootstrap");
        owned.put("key." + serde, "nothing: the lab's records are bytes");
        owned.put("value." + serde, "nothing: the lab's records are bytes");
        owned.put("client.id", "nothing: the lab names its clients");
    }

    /** The consumer's counterpart of {@link #PRODUCER_OWNED}. */
    public static final Map<String, String> CONSUMER_OWNED = consumerOwned();

    /** Secrets and connection security come from the client config file, never from a scenario or a request. */
    private static final Set<String> SECRET_PREFIXES = Set.of("sasl.", "ssl.", "security.");

    private ExtraProperties() {}

    /**
     * Where {@code value} has its first control, line-separator or format character, or -1. A value
     * is logged and written into summary.md: a line break there would forge a line of either, an
     * escape sequence recolour a terminal, a direction override make it read otherwise than it is.
     */
    private static int firstUnprintable(String value) {
        for (int i = 0; i < value.length(); i = value.offsetByCodePoints(i, 1)) {
            switch (Character.getType(value.codePointAt(i))) {
                case Character.CONTROL, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR, Character.FORMAT -> {
                    return i;
                }
                default -> {}
            }
        }
        return -1;
    }

    /**
     * {@code properties} as a sorted, unmodifiable map (empty for null), or a refusal naming the
     * first property at fault as {@code field.name}; {@code owned} is what the lab sets itself, each
     * with the setting to use instead.
     */
    public static Map<String, String> checked(String field, Map<String, String> properties, Map<String, String> owned) {
        if (properties == null || properties.isEmpty()) {
            return Map.of();
        }
        if (properties.size() > MAX_ENTRIES) {
            throw new BadSettingsException(
                    field, field + " sets at most " + MAX_ENTRIES + " properties; got " + properties.size());
        }
        Map<String, String> sorted = new TreeMap<>();
        for (Map.Entry<String, String> e : properties.entrySet()) {
            String name = e.getKey();
            String value = e.getValue();
            if (name == null || !NAME.matcher(name).matches()) {
                throw new BadSettingsException(
                        field,
                        field + ": a Kafka property name is 1 to 100 lowercase letters, digits, '.' or '-'; got "
                                + FieldReads.render(name));
            }
            String at = field + "." + name;
            if (owned.containsKey(name)) {
                throw new BadSettingsException(at, at + " is set by the lab; use " + owned.get(name) + " instead");
            }
            if (SECRET_PREFIXES.stream().anyMatch(name::startsWith)) {
                throw new BadSettingsException(
                        at,
                        at + ": connection security and secrets go in the client config file"
                                + " (scripts/lab up --client-config FILE), never in a scenario or a request");
            }
            if (value == null || value.length() > MAX_VALUE_LENGTH) {
                throw new BadSettingsException(
                        at,
                        at + " must be a value of at most " + MAX_VALUE_LENGTH + " characters; got "
                                + (value == null ? "null" : value.length() + " characters"));
            }
            int unprintable = firstUnprintable(value);
            if (unprintable >= 0) {
                throw new BadSettingsException(
                        at,
                        at + " must be printable text: no line break or other control or format character; got"
                                + String.format(
                                        " U+%04X at character %d", value.codePointAt(unprintable), unprintable));
            }
            sorted.put(name, value);
        }
        return Collections.unmodifiableMap(sorted);
    }
}
