package dev.latencylab.api.settings;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads settings from fields already parsed from JSON or YAML (a map of names to numbers,
 * strings, booleans), checking each against {@link SettingsLimits}. The producer's endpoint and
 * the scenario loader both read through here, so a value one accepts the other accepts too.
 * Strict on purpose: an unknown field or a quoted number is refused, not silently ignored in the
 * middle of an experiment.
 */
public final class SettingsReader {

    /** The fields of {@link ProducerSettings}, as a scenario's {@code settings} may name them. */
    public static final Set<String> SETTINGS_FIELDS = Set.of(
            "lingerMs",
            "batchSize",
            "compression",
            "compressionLevel",
            "rate",
            "payloadBytes",
            "keyStrategy",
            "payload",
            "payloadFile",
            "acks",
            "maxInFlight",
            "sendBufferBytes",
            "bufferMemory",
            "producerConfig");
    /**
     * Settings a scenario may leave out: keys default to order ids, payloads to words, the level to
     * the codec's default, and no file.
     */
    public static final Set<String> OPTIONAL_SETTINGS = Set.of(
            "producerConfig",
            "compressionLevel",
            "keyStrategy",
            "payload",
            "payloadFile",
            "acks",
            "maxInFlight",
            "sendBufferBytes",
            "bufferMemory");
    /** The fields of {@link SettingsChange}: the settings, {@code running}, {@code phase}, {@code phaseName}, {@code topic} and {@code header}. */
    public static final Set<String> CHANGE_FIELDS =
            union(SETTINGS_FIELDS, Set.of("running", "phase", "phaseName", "topic", "header"));
    /** Every level any codec accepts; the codec's own range is checked when the settings are made. */
    private static final SettingsLimits.IntRange ANY_LEVEL = new SettingsLimits.IntRange(-131_072, 22);

    private SettingsReader() {}

    /** A change read from the endpoint's body; refused whole, with the first field at fault. */
    public static SettingsChange change(Map<String, ?> fields) {
        List<BadSettingsException> problems = new ArrayList<>();
        SettingsChange change = change(fields, CHANGE_FIELDS, problems);
        if (!problems.isEmpty()) {
            throw problems.get(0);
        }
        return change;
    }

    /**
     * A change read from {@code fields}, accepting only the {@code known} names; every problem is
     * added to {@code problems} (each naming its field), and the field at fault is left null.
     */
    public static SettingsChange change(Map<String, ?> fields, Set<String> known, List<BadSettingsException> problems) {
        for (String name : new TreeSet<>(fields.keySet())) {
            if (!known.contains(name)) {
                problems.add(new BadSettingsException(
                        name, "unknown field '" + name + "'; accepted: " + String.join(", ", new TreeSet<>(known))));
            }
        }
        return new SettingsChange(
                FieldReads.integer(fields, "lingerMs", SettingsLimits.LINGER_MS, problems),
                FieldReads.integer(fields, "batchSize", SettingsLimits.BATCH_SIZE, problems),
                FieldReads.named(
                        fields, "compression", Compression::fromKafkaName, Compression.acceptedNames(), problems),
                FieldReads.integer(fields, "compressionLevel", ANY_LEVEL, problems),
                FieldReads.rate(fields, problems),
                FieldReads.integer(fields, "payloadBytes", SettingsLimits.PAYLOAD_BYTES, problems),
                FieldReads.named(fields, "keyStrategy", KeyStrategy::parse, KeyStrategy.acceptedNames(), problems),
                FieldReads.named(fields, "payload", PayloadKind::parse, PayloadKind.acceptedNames(), problems),
                FieldReads.text(
                        fields, "payloadFile", s -> !s.isBlank(), "payloadFile must be a file's path", problems),
                acks(fields, problems),
                FieldReads.integer(fields, "maxInFlight", SettingsLimits.MAX_IN_FLIGHT, problems),
                sendBuffer(fields, problems),
                FieldReads.integer(fields, "bufferMemory", SettingsLimits.BUFFER_MEMORY, problems),
                FieldReads.bool(fields, "running", problems),
                FieldReads.integer(fields, "phase", SettingsLimits.PHASE, problems),
                FieldReads.text(
                        fields,
                        "phaseName",
                        SettingsLimits::phaseNameAccepted,
                        SettingsLimits.PHASE_NAME_RULE,
                        problems),
                FieldReads.text(
                        fields,
                        "topic",
                        SettingsLimits::topicAccepted,
                        SettingsLimits.describeTopic("topic"),
                        problems),
                FieldReads.bool(fields, "header", problems),
                FieldReads.properties(fields, "producerConfig", ExtraProperties.PRODUCER_OWNED, problems));
    }

    private static Acks acks(Map<String, ?> fields, List<BadSettingsException> problems) {
        if (!fields.containsKey("acks")) {
            return null;
        }
        Object value = fields.get("acks");
        return Acks.parse(value).orElseGet(() -> {
            problems.add(new BadSettingsException(
                    "acks", "acks must be one of " + Acks.acceptedNames() + "; got " + FieldReads.render(value)));
            return null;
        });
    }

    private static Integer sendBuffer(Map<String, ?> fields, List<BadSettingsException> problems) {
        if (Integer.valueOf(-1).equals(fields.get("sendBufferBytes"))) {
            return -1;
        }
        List<BadSettingsException> own = new ArrayList<>();
        Integer bytes = FieldReads.integer(fields, "sendBufferBytes", SettingsLimits.SEND_BUFFER_BYTES, own);
        own.forEach(p ->
                problems.add(new BadSettingsException(p.field(), p.getMessage().replace("; got", ", or -1; got"))));
        return bytes;
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new TreeSet<>(a);
        all.addAll(b);
        return Set.copyOf(all);
    }
}
