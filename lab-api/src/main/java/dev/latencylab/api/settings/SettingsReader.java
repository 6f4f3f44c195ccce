package dev.latencylab.api.settings;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

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
            "payloadFile");
    /**
     * Settings a scenario may leave out: keys default to order ids, payloads to words, the level to
     * the codec's default, and no file.
     */
    public static final Set<String> OPTIONAL_SETTINGS =
            Set.of("compressionLevel", "keyStrategy", "payload", "payloadFile");
    /** The fields of {@link SettingsChange}: the settings, {@code running}, {@code phase} and {@code topic}. */
    public static final Set<String> CHANGE_FIELDS = union(SETTINGS_FIELDS, Set.of("running", "phase", "topic"));
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
                integer(fields, "lingerMs", SettingsLimits.LINGER_MS, problems),
                integer(fields, "batchSize", SettingsLimits.BATCH_SIZE, problems),
                named(fields, "compression", Compression::fromKafkaName, Compression.acceptedNames(), problems),
                integer(fields, "compressionLevel", ANY_LEVEL, problems),
                rate(fields, problems),
                integer(fields, "payloadBytes", SettingsLimits.PAYLOAD_BYTES, problems),
                named(fields, "keyStrategy", KeyStrategy::parse, KeyStrategy.acceptedNames(), problems),
                named(fields, "payload", PayloadKind::parse, PayloadKind.acceptedNames(), problems),
                text(fields, "payloadFile", s -> !s.isBlank(), "payloadFile must be a file's path", problems),
                bool(fields, "running", problems),
                integer(fields, "phase", SettingsLimits.PHASE, problems),
                text(fields, "topic", SettingsLimits::topicAccepted, SettingsLimits.describeTopic("topic"), problems));
    }

    private static String text(
            Map<String, ?> fields,
            String name,
            java.util.function.Predicate<String> accepted,
            String describe,
            List<BadSettingsException> problems) {
        if (!fields.containsKey(name)) {
            return null;
        }
        Object value = fields.get(name);
        if (value instanceof String s && accepted.test(s)) {
            return s;
        }
        problems.add(new BadSettingsException(name, describe + "; got " + render(value)));
        return null;
    }

    private static Integer integer(
            Map<String, ?> fields, String name, SettingsLimits.IntRange range, List<BadSettingsException> problems) {
        if (!fields.containsKey(name)) {
            return null;
        }
        Object value = fields.get(name);
        boolean integral = value instanceof Integer
                || value instanceof Long
                || value instanceof Short
                || (value instanceof BigInteger big && big.bitLength() <= 63);
        if (!integral || !range.contains(((Number) value).longValue())) {
            problems.add(new BadSettingsException(name, range.describe(name) + "; got " + render(value)));
            return null;
        }
        return ((Number) value).intValue();
    }

    private static Double rate(Map<String, ?> fields, List<BadSettingsException> problems) {
        if (!fields.containsKey("rate")) {
            return null;
        }
        Object value = fields.get("rate");
        if (value instanceof String s && s.trim().equalsIgnoreCase("unthrottled")) {
            return SettingsLimits.UNTHROTTLED;
        }
        double rate = value instanceof Number n && !(value instanceof BigDecimal big && big.scale() > 9)
                ? n.doubleValue()
                : Double.NaN;
        if (!SettingsLimits.rateAccepted(rate)) {
            problems.add(
                    new BadSettingsException("rate", SettingsLimits.describeRate("rate") + "; got " + render(value)));
            return null;
        }
        return rate;
    }

    private static <T> T named(
            Map<String, ?> fields,
            String name,
            Function<String, Optional<T>> parse,
            String accepted,
            List<BadSettingsException> problems) {
        if (!fields.containsKey(name)) {
            return null;
        }
        Object value = fields.get(name);
        Optional<T> parsed = value instanceof String s ? parse.apply(s) : Optional.empty();
        if (parsed.isEmpty()) {
            problems.add(
                    new BadSettingsException(name, name + " must be one of " + accepted + "; got " + render(value)));
            return null;
        }
        return parsed.get();
    }

    private static Boolean bool(Map<String, ?> fields, String name, List<BadSettingsException> problems) {
        if (!fields.containsKey(name)) {
            return null;
        }
        if (fields.get(name) instanceof Boolean b) {
            return b;
        }
        problems.add(new BadSettingsException(name, name + " must be true or false; got " + render(fields.get(name))));
        return null;
    }

    private static String render(Object value) {
        return value instanceof String s ? "\"" + s + "\"" : String.valueOf(value);
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new TreeSet<>(a);
        all.addAll(b);
        return Set.copyOf(all);
    }
}
