package dev.latencylab.runner.omb;

import dev.latencylab.api.settings.Acks;
import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.ConsumerLimits;
import dev.latencylab.api.settings.ExtraProperties;
import dev.latencylab.api.settings.SettingsLimits;
import dev.latencylab.kafka.clientproperties.ClientPropertyCheck;
import dev.latencylab.runner.scenario.TopicSpec;
import java.io.IOException;
import java.io.StringReader;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntConsumer;
import tools.jackson.databind.JsonNode;

/**
 * An OpenMessaging Benchmark Kafka driver file (its {@code driver-kafka/*.yaml}): the producer's,
 * consumer's and topic's Kafka properties a workload runs with. Read as OMB's Kafka driver reads it
 * ({@code commonConfig} under both clients' own, theirs winning; each block a Java properties text),
 * and mapped onto a phase: linger.ms, batch.size, compression.type (and its level) and acks onto the
 * lab's settings, max.poll.records onto the consumer's, every other property the client knows into
 * {@code producerConfig} or {@code consumerConfig}, the topic's into its layout. A property the lab
 * sets itself, or keeps out of scenarios (secrets), is named with what the lab does instead.
 */
final class OmbDriver {

    /** The fields of OMB's Kafka driver file: its DriverConfiguration's and its Kafka Config's. */
    private static final Set<String> FIELDS = Set.of(
            "name",
            "driverClass",
            "replicationFactor",
            "reset",
            "topicConfig",
            "commonConfig",
            "producerConfig",
            "consumerConfig");

    private static final String KAFKA_DRIVER = "io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver";
    /** Replicas a phase topic may have, and may require in sync, as the scenario schema bounds them. */
    private static final SettingsLimits.IntRange REPLICAS = new SettingsLimits.IntRange(1, 32);

    /** A codec's level property: compression.gzip.level and the like. */
    private static final String LEVEL = "compression\\.[a-z0-9]+\\.level";

    private final String source;
    private final JsonNode root;
    /** commonConfig's properties: both clients get them, under their own. */
    private final Map<String, String> common;

    private final Map<String, String> producer;
    private final Map<String, String> consumer;
    private final Map<String, String> topic;

    /** commonConfig's properties a client did not know, with how many clients did not. */
    private final Map<String, Integer> unknownCommon = new TreeMap<>();

    private OmbDriver(String source, JsonNode root) {
        this.source = source;
        this.root = root;
        this.common = properties("commonConfig");
        this.producer = properties("producerConfig");
        this.consumer = properties("consumerConfig");
        this.topic = properties("topicConfig");
    }

    /** {@code own} over commonConfig's, as OMB's Kafka driver gives them to a client. */
    private Map<String, String> withCommon(Map<String, String> own) {
        Map<String, String> all = new TreeMap<>(common);
        all.putAll(own);
        return all;
    }

    static OmbDriver parse(String source, String text) {
        JsonNode root = OmbWorkload.mapping(source, text, "an OMB driver file");
        JsonNode given = root.path("driverClass");
        if (!given.isMissingNode() && !given.isString()) {
            throw new OmbRefusedException(List.of(source + ": driverClass must be a class name, got " + given));
        }
        String driverClass = given.asString("");
        if (!driverClass.isEmpty() && !driverClass.equals(KAFKA_DRIVER)) {
            throw new OmbRefusedException(List.of(source + ": driverClass " + driverClass
                    + " is not OMB's Kafka driver (" + KAFKA_DRIVER + "): the lab measures Kafka's own clients"));
        }
        return new OmbDriver(source, root);
    }

    /** The block's properties, sorted; a block that is not text is a refusal. */
    private Map<String, String> properties(String field) {
        JsonNode block = root.path(field);
        if (block.isMissingNode() || block.isNull()) {
            return Map.of();
        }
        if (!block.isString()) {
            throw new OmbRefusedException(
                    List.of(source + ": " + field + " must be Java properties text (name=value lines), got " + block));
        }
        Properties read = new Properties();
        try {
            read.load(new StringReader(block.asString()));
        } catch (IOException | IllegalArgumentException e) {
            // A StringReader throws no IOException; a malformed unicode escape is an IllegalArgumentException.
            throw new OmbRefusedException(
                    List.of(source + ": " + field + " is not Java properties text: " + e.getMessage()));
        }
        Map<String, String> sorted = new TreeMap<>();
        read.forEach((k, v) -> sorted.put(String.valueOf(k), String.valueOf(v).trim()));
        return sorted;
    }

    /**
     * Maps the file onto the phase's {@code settings}, {@code consumer} block and {@code topic}: what
     * does not map goes to {@code notes}, what a run would misrepresent to {@code refused}.
     */
    void mapInto(
            Map<String, Object> settings,
            Map<String, Object> consumerBlock,
            Map<String, Object> topicBlock,
            List<String> notes,
            List<String> refused) {
        root.propertyNames().stream()
                .filter(f -> !FIELDS.contains(f))
                .forEach(f -> notes.add(f + ": not a field of OMB's Kafka driver file; ignored"));
        if (reset()) {
            notes.add("reset: OMB deletes every topic of the cluster before it runs; the lab creates the phase's"
                    + " own topic and deletes only that one");
        }
        if (withCommon(producer).containsKey("bootstrap.servers") || consumer.containsKey("bootstrap.servers")) {
            notes.add("bootstrap.servers: the brokers are those scripts/lab up drives (--bootstrap for your own)");
        }
        Map<String, String> producerConfig = new TreeMap<>();
        // A codec's level after compression.type, which it is the level of, whatever their order by name.
        withCommon(producer).entrySet().stream()
                .sorted(Comparator.comparing(e -> e.getKey().matches(LEVEL)))
                .forEach(e -> producerProperty(e.getKey(), e.getValue(), settings, producerConfig, notes, refused));
        Map<String, String> consumerConfig = new TreeMap<>();
        withCommon(consumer)
                .forEach((name, value) -> consumerProperty(name, value, consumerBlock, consumerConfig, notes, refused));
        unknownCommon.forEach((name, clients) -> {
            if (clients == 2) {
                notes.add("commonConfig " + name + "=" + common.get(name) + ": neither Kafka client has this property");
            }
        });
        put(settings, "producerConfig", producerConfig);
        put(consumerBlock, "consumerConfig", consumerConfig);
        topic(topicBlock, notes, refused);
    }

    /** The block a client's property came from: its own ({@code field}), else commonConfig. */
    private String origin(String name, String field) {
        return (field.equals("producerConfig") ? producer : consumer).containsKey(name) ? field : "commonConfig";
    }

    /** OMB's reset, true or false as its YAML reader takes them (text too); anything else refused. */
    private boolean reset() {
        JsonNode reset = root.path("reset");
        if (reset.isMissingNode() || reset.isNull()) {
            return false;
        }
        String text = reset.asString("").trim().toLowerCase(Locale.ROOT);
        if (!reset.isBoolean() && !text.equals("true") && !text.equals("false")) {
            throw new OmbRefusedException(List.of(source + ": reset must be true or false, got " + reset));
        }
        return reset.isBoolean() ? reset.asBoolean() : text.equals("true");
    }

    private void producerProperty(
            String name,
            String value,
            Map<String, Object> settings,
            Map<String, String> config,
            List<String> notes,
            List<String> refused) {
        String at = origin(name, "producerConfig") + " " + name + "=" + value;
        switch (name) {
            case "bootstrap.servers" -> {}
            case "linger.ms" -> integer(at, value, SettingsLimits.LINGER_MS, v -> settings.put("lingerMs", v), refused);
            case "batch.size" ->
                integer(at, value, SettingsLimits.BATCH_SIZE, v -> settings.put("batchSize", v), refused);
            case "compression.type" ->
                Compression.fromKafkaName(value)
                        .ifPresentOrElse(
                                c -> settings.put("compression", c.kafkaName()),
                                () -> refused.add(
                                        at + ": compression.type must be one of " + Compression.acceptedNames()));
            case "acks" ->
                Acks.parse(value)
                        .ifPresentOrElse(
                                a -> settings.put("acks", a.kafkaValue()),
                                () -> refused.add(at + ": the lab's acks are " + Acks.acceptedNames()));
            case "enable.idempotence" ->
                notes.add(at + ": the lab's producer is idempotent with acks all and not with acks 1 (settings.acks)");
            default -> {
                if (name.matches(LEVEL)) {
                    level(name, value, at, settings, notes, refused);
                } else {
                    extra(name, value, config, ExtraProperties.PRODUCER_OWNED, "producerConfig", notes);
                }
            }
        }
    }

    private void consumerProperty(
            String name,
            String value,
            Map<String, Object> block,
            Map<String, String> config,
            List<String> notes,
            List<String> refused) {
        String at = origin(name, "consumerConfig") + " " + name + "=" + value;
        switch (name) {
            case "bootstrap.servers" -> {}
            case "max.poll.records" ->
                integer(at, value, ConsumerLimits.MAX_POLL_RECORDS, v -> block.put("maxPollRecords", v), refused);
            default -> extra(name, value, config, ExtraProperties.CONSUMER_OWNED, "consumerConfig", notes);
        }
    }

    /** The codec's level, when it is the level of the codec the phase uses; else said. */
    private static void level(
            String name,
            String value,
            String at,
            Map<String, Object> settings,
            List<String> notes,
            List<String> refused) {
        String codec = String.valueOf(settings.getOrDefault("compression", "none"));
        boolean ofCodec = Compression.fromKafkaName(codec)
                .flatMap(Compression::levelProperty)
                .filter(name::equals)
                .isPresent();
        if (!ofCodec) {
            notes.add(at + ": a level of another codec than the phase's (" + codec + "); not mapped");
            return;
        }
        Compression.fromKafkaName(codec)
                .flatMap(Compression::levelRange)
                .ifPresent(levels -> integer(at, value, levels, v -> settings.put("compressionLevel", v), refused));
    }

    /**
     * A property for the phase's {@code field}: taken when the lab leaves it to the user and the
     * client knows it and its value; else said, with Kafka's or the lab's reason. A property of
     * {@code commonConfig} that only the other client knows is left out silently, as OMB's clients
     * would ignore it.
     */
    private void extra(
            String name,
            String value,
            Map<String, String> config,
            Map<String, String> owned,
            String field,
            List<String> notes) {
        boolean producerSide = field.equals("producerConfig");
        String from = origin(name, field);
        boolean fromCommon = !from.equals(field);
        try {
            Map<String, String> one = ExtraProperties.checked(field, Map.of(name, value), owned);
            if (producerSide) {
                ClientPropertyCheck.producer(field, one);
            } else {
                ClientPropertyCheck.consumer(field, one);
            }
            config.put(name, value);
        } catch (BadSettingsException e) {
            boolean unknown = e.getMessage().contains(" has no property ");
            // The reason without the property's place in the scenario, which the note names as the file does.
            String why = e.getMessage()
                    .substring(e.getMessage().startsWith(e.field()) ? e.field().length() : 0);
            String note = from + " " + name + "=" + value + ": " + why.replaceFirst("^:? ", "");
            if (fromCommon && unknown) {
                // Named once neither client knows it: one the other client knows is not a mistake.
                unknownCommon.merge(name, 1, Integer::sum);
            } else if (!notes.contains(note)) {
                // Said once for commonConfig's, which both clients are given.
                notes.add(note);
            }
        }
    }

    /**
     * The block's properties, however many: more than a phase takes ({@link
     * ExtraProperties#MAX_ENTRIES}) are refused by the scenario's loader, never cut here to a
     * benchmark other than the file's.
     */
    private static void put(Map<String, Object> block, String field, Map<String, String> config) {
        if (!config.isEmpty()) {
            block.put(field, config);
        }
    }

    private void topic(Map<String, Object> block, List<String> notes, List<String> refused) {
        JsonNode factor = root.path("replicationFactor");
        if (factor.isIntegralNumber()) {
            integer("replicationFactor", factor.asString(), REPLICAS, v -> block.put("replicationFactor", v), refused);
        } else if (!factor.isMissingNode()) {
            refused.add("replicationFactor: must be a whole number, got " + factor);
        }
        Map<String, Object> configs = new TreeMap<>();
        topic.forEach((name, value) -> {
            if (name.equals("min.insync.replicas")) {
                integer(
                        "topicConfig " + name + "=" + value,
                        value,
                        REPLICAS,
                        v -> block.put("minInsyncReplicas", v),
                        refused);
            } else {
                configs.put(name, value);
            }
        });
        if (!configs.isEmpty()) {
            block.put("configs", configs);
        }
        if (block.get("replicationFactor") instanceof Integer replicas) {
            if (!block.containsKey("minInsyncReplicas")
                    && replicas < TopicSpec.DEFAULT_MIN_INSYNC_REPLICAS
                    && !topic.containsKey("min.insync.replicas")) {
                // The lab's 2 on fewer replicas would refuse every acks=all send.
                block.put("minInsyncReplicas", replicas);
                notes.add("topicConfig: no min.insync.replicas; the lab's " + TopicSpec.DEFAULT_MIN_INSYNC_REPLICAS
                        + " is more than replicationFactor " + replicas + ", so " + replicas
                        + " (Kafka's broker default is 1)");
            } else if (block.get("minInsyncReplicas") instanceof Integer least && least > replicas) {
                refused.add("topicConfig min.insync.replicas=" + least + ": more than replicationFactor " + replicas
                        + " (every acks=all send would be refused)");
            }
        }
    }

    private static void integer(
            String at, String value, SettingsLimits.IntRange range, IntConsumer put, List<String> refused) {
        try {
            int v = Integer.parseInt(value);
            if (!range.contains(v)) {
                refused.add(at + ": the lab takes " + range.min() + " to " + range.max());
            } else {
                put.accept(v);
            }
        } catch (NumberFormatException e) {
            refused.add(at + ": must be a whole number");
        }
    }
}
