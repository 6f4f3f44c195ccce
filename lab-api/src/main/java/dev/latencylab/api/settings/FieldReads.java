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
import java.util.function.Predicate;

/** Strict reads of one field from a parsed JSON or YAML map, each problem named by its field: the readers' shared part. */
final class FieldReads {

    private FieldReads() {}

    /** What {@code read} makes, or a refusal of the whole with the first problem it found. */
    static <R> R strictly(Function<List<BadSettingsException>, R> read) {
        List<BadSettingsException> problems = new ArrayList<>();
        R made = read.apply(problems);
        if (!problems.isEmpty()) {
            throw problems.get(0);
        }
        return made;
    }

    /** A problem for each field {@code known} does not name, naming what is accepted. */
    static void unknown(Map<String, ?> fields, Set<String> known, List<BadSettingsException> problems) {
        for (String name : new TreeSet<>(fields.keySet())) {
            Optional<String> moved = ExtraProperties.movedToClientConfig(name);
            if (!known.contains(name) && moved.isPresent()) {
                problems.add(new BadSettingsException(name, name + " is " + moved.get()));
            } else if (!known.contains(name)) {
                problems.add(new BadSettingsException(
                        name, "unknown field '" + name + "'; accepted: " + String.join(", ", new TreeSet<>(known))));
            }
        }
    }

    /** One of an enum's constants, by the contract's labels ({@link EnumLabels}). */
    static <E extends Enum<E>> E labelled(
            Map<String, ?> fields, String name, Class<E> type, List<BadSettingsException> problems) {
        return named(fields, name, s -> EnumLabels.parse(type, s), EnumLabels.accepted(type), problems);
    }

    static String text(
            Map<String, ?> fields,
            String name,
            Predicate<String> accepted,
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

    static Integer integer(
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

    static Double rate(Map<String, ?> fields, List<BadSettingsException> problems) {
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

    static <T> T named(
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

    static Boolean bool(Map<String, ?> fields, String name, List<BadSettingsException> problems) {
        if (!fields.containsKey(name)) {
            return null;
        }
        if (fields.get(name) instanceof Boolean b) {
            return b;
        }
        problems.add(new BadSettingsException(name, name + " must be true or false; got " + render(fields.get(name))));
        return null;
    }

    /**
     * A mapping of Kafka property names to plain values (text, numbers, booleans: what a properties
     * file holds), checked by {@link ExtraProperties}; an empty mapping reads as "none".
     */
    static Map<String, String> properties(
            Map<String, ?> fields, String name, Map<String, String> owned, List<BadSettingsException> problems) {
        if (!fields.containsKey(name)) {
            return null;
        }
        if (!(fields.get(name) instanceof Map<?, ?> given)) {
            problems.add(new BadSettingsException(
                    name,
                    name + " must be a mapping of Kafka property names to values; got " + render(fields.get(name))));
            return null;
        }
        Map<String, String> values = new java.util.LinkedHashMap<>();
        for (Map.Entry<?, ?> e : given.entrySet()) {
            Object value = e.getValue();
            if (!(value instanceof String || value instanceof Number || value instanceof Boolean)) {
                problems.add(new BadSettingsException(
                        name + "." + e.getKey(),
                        name + "." + e.getKey() + " must be text, a number or true/false; got " + render(value)));
                return null;
            }
            values.put(String.valueOf(e.getKey()), String.valueOf(value));
        }
        try {
            return ExtraProperties.checked(name, values, owned);
        } catch (BadSettingsException e) {
            problems.add(e);
            return null;
        }
    }

    static String render(Object value) {
        return value instanceof String s ? "\"" + s + "\"" : String.valueOf(value);
    }
}
