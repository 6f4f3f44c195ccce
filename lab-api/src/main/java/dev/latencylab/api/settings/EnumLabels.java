package dev.latencylab.api.settings;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The contract's spelling of an enum constant (lower case, '-' for '_') and its lenient parse
 * ({@code per-key}, {@code PER_KEY}, {@code " per_key "}): written once for every setting that is
 * a choice.
 */
public final class EnumLabels {

    private EnumLabels() {}

    public static <E extends Enum<E>> Optional<E> parse(Class<E> type, String name) {
        if (name == null) {
            return Optional.empty();
        }
        String normalized = name.trim().replace('-', '_').toUpperCase(Locale.ROOT);
        return Arrays.stream(type.getEnumConstants())
                .filter(e -> e.name().equals(normalized))
                .findFirst();
    }

    public static String label(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Every label, comma-separated, for an error message. */
    public static <E extends Enum<E>> String accepted(Class<E> type) {
        return String.join(
                ", ",
                Arrays.stream(type.getEnumConstants()).map(EnumLabels::label).toList());
    }
}
