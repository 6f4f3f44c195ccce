package dev.latencylab.api.settings;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * What a {@link ProducerSetting}'s values are: how one is read from a parsed file or body
 * (strictly), checked when made in code, shown in files and labels, given to the Kafka client and
 * read back from a client's configuration (leniently: it may be text).
 */
abstract class SettingKind<T> {

    /** Every level any codec accepts; the codec's own range is checked when the settings are made. */
    private static final SettingsLimits.IntRange ANY_LEVEL = new SettingsLimits.IntRange(-131_072, 22);

    static final SettingKind<Integer> LEVEL = integer(ANY_LEVEL);

    static final SettingKind<Integer> SEND_BUFFER = new IntegerKind(SettingsLimits.SEND_BUFFER_BYTES) {
        @Override
        Integer read(Map<String, ?> fields, String name, List<BadSettingsException> problems) {
            if (Integer.valueOf(-1).equals(fields.get(name))) {
                return -1;
            }
            List<BadSettingsException> own = new ArrayList<>();
            Integer bytes = super.read(fields, name, own);
            own.forEach(p -> problems.add(
                    new BadSettingsException(p.field(), p.getMessage().replace("; got", ", or -1; got"))));
            return bytes;
        }

        @Override
        void check(String name, Integer value) {
            if (!SettingsLimits.sendBufferAccepted(value)) {
                throw new BadSettingsException(
                        name, SettingsLimits.SEND_BUFFER_BYTES.describe(name) + ", or -1; got " + value);
            }
        }
    };

    static final SettingKind<Double> RATE = new SettingKind<>(Double.class) {
        @Override
        Double read(Map<String, ?> fields, String name, List<BadSettingsException> problems) {
            return FieldReads.rate(fields, problems);
        }

        @Override
        void check(String name, Double value) {
            if (!SettingsLimits.rateAccepted(value)) {
                throw new BadSettingsException(name, SettingsLimits.describeRate(name) + "; got " + value);
            }
        }

        /** "unthrottled", a whole number without ".0", or the rate as it is. */
        @Override
        Object plain(Double rate) {
            if (rate == SettingsLimits.UNTHROTTLED) {
                return "unthrottled";
            }
            return rate == Math.rint(rate) ? (Object) rate.longValue() : rate;
        }

        @Override
        Double fromKafka(Object configured) {
            return Double.valueOf(configured.toString().trim());
        }
    };

    static final SettingKind<Compression> COMPRESSION =
            choice(Compression.class, Compression::fromKafkaName, Compression::acceptedNames, Compression::kafkaName);

    static final SettingKind<Acks> ACKS = new SettingKind<>(Acks.class) {
        @Override
        Acks read(Map<String, ?> fields, String name, List<BadSettingsException> problems) {
            if (!fields.containsKey(name)) {
                return null;
            }
            Object value = fields.get(name);
            return Acks.parse(value).orElseGet(() -> {
                problems.add(new BadSettingsException(
                        name, name + " must be one of " + Acks.acceptedNames() + "; got " + FieldReads.render(value)));
                return null;
            });
        }

        @Override
        Object plain(Acks value) {
            return value.kafkaValue();
        }

        @Override
        Acks fromKafka(Object configured) {
            return Acks.parse(String.valueOf(configured).trim())
                    .orElseThrow(() ->
                            new IllegalArgumentException("acks " + configured + " is not one the lab accounts for"));
        }
    };

    private final Class<T> type;

    private SettingKind(Class<T> type) {
        this.type = type;
    }

    Class<T> type() {
        return type;
    }

    /** The field of that name, or null when it is absent or refused (a problem then names the field). */
    abstract T read(Map<String, ?> fields, String name, List<BadSettingsException> problems);

    /** Throws when a value made in code is one {@link #read} would refuse; nothing to check by default. */
    void check(String name, T value) {}

    /** As files, JSON bodies and labels show it. */
    Object plain(T value) {
        return value;
    }

    /** As the Kafka client takes it. */
    Object kafka(T value) {
        return plain(value);
    }

    /** From a client configuration, where values may be text. */
    T fromKafka(Object configured) {
        throw new UnsupportedOperationException("a load setting has no client configuration");
    }

    static SettingKind<Integer> integer(SettingsLimits.IntRange range) {
        return new IntegerKind(range);
    }

    /** One of a type's named values: {@code parse} is lenient, {@code show} is the contract's spelling. */
    static <E> SettingKind<E> choice(
            Class<E> type, Function<String, Optional<E>> parse, Supplier<String> accepted, Function<E, String> show) {
        return new SettingKind<>(type) {
            @Override
            E read(Map<String, ?> fields, String name, List<BadSettingsException> problems) {
                return FieldReads.named(fields, name, parse, accepted.get(), problems);
            }

            @Override
            Object plain(E value) {
                return show.apply(value);
            }

            @Override
            E fromKafka(Object configured) {
                return parse.apply(String.valueOf(configured))
                        .orElseThrow(() -> new IllegalArgumentException("unsupported value " + configured));
            }
        };
    }

    /** One of an enum's constants, by the contract's labels ({@link EnumLabels}). */
    static <E extends Enum<E>> SettingKind<E> labelled(Class<E> type) {
        return choice(type, name -> EnumLabels.parse(type, name), () -> EnumLabels.accepted(type), EnumLabels::label);
    }

    static final SettingKind<Boolean> BOOLEAN = new SettingKind<>(Boolean.class) {
        @Override
        Boolean read(Map<String, ?> fields, String name, List<BadSettingsException> problems) {
            return FieldReads.bool(fields, name, problems);
        }

        @Override
        Boolean fromKafka(Object configured) {
            return Boolean.valueOf(configured.toString().trim());
        }
    };

    static SettingKind<String> text(Predicate<String> accepted, String rule) {
        return new SettingKind<>(String.class) {
            @Override
            String read(Map<String, ?> fields, String name, List<BadSettingsException> problems) {
                return FieldReads.text(fields, name, accepted, rule, problems);
            }
        };
    }

    private static class IntegerKind extends SettingKind<Integer> {
        private final SettingsLimits.IntRange range;

        IntegerKind(SettingsLimits.IntRange range) {
            super(Integer.class);
            this.range = range;
        }

        @Override
        Integer read(Map<String, ?> fields, String name, List<BadSettingsException> problems) {
            return FieldReads.integer(fields, name, range, problems);
        }

        @Override
        void check(String name, Integer value) {
            range.check(name, value);
        }

        @Override
        Integer fromKafka(Object configured) {
            return Integer.valueOf(configured.toString().trim());
        }
    }
}
