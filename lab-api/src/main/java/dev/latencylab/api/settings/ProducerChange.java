package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The producer settings a change sets, each as {@link ProducerSettings} names it (null: as it is),
 * and the whole set of other Kafka producer properties ({@code producerConfig}; empty: none; null:
 * as they are): the settings part of {@link SettingsChange}, and what a scenario's {@code settings}
 * block is read into. Read strictly ({@link #read}): an unknown field or a quoted number is refused,
 * naming the field.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ProducerChange(
        Integer lingerMs,
        Integer batchSize,
        Compression compression,
        Integer compressionLevel,
        Double rate,
        Integer payloadBytes,
        KeyStrategy keyStrategy,
        PayloadKind payload,
        String payloadFile,
        Acks acks,
        Integer transactionMs,
        Integer abortEvery,
        Pacing pacing,
        Map<String, String> producerConfig) {

    /** A change of nothing. */
    public static final ProducerChange NONE =
            new ProducerChange(null, null, null, null, null, null, null, null, null, null, null, null, null, null);

    /** The fields of {@link ProducerSettings}, as a scenario's {@code settings} and a summary name them. */
    public static final Set<String> SETTINGS_FIELDS = Arrays.stream(ProducerChange.class.getRecordComponents())
            .map(RecordComponent::getName)
            .collect(Collectors.toUnmodifiableSet());

    /** Every level any codec accepts; the codec's own range is checked when the settings are made. */
    private static final SettingsLimits.IntRange ANY_LEVEL = new SettingsLimits.IntRange(-131_072, 22);

    public ProducerChange {
        if (producerConfig != null) {
            producerConfig = ExtraProperties.checked("producerConfig", producerConfig, ExtraProperties.PRODUCER_OWNED);
        }
    }

    /** Read from JSON by the strict reader, refused whole with the first field at fault. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static ProducerChange fromJson(Map<String, Object> fields) {
        return read(fields, SETTINGS_FIELDS);
    }

    /** Every setting as given: what a phase asks for. */
    public static ProducerChange to(ProducerSettings s) {
        return new ProducerChange(
                s.lingerMs(),
                s.batchSize(),
                s.compression(),
                s.compressionLevel(),
                s.rate(),
                s.payloadBytes(),
                s.keyStrategy(),
                s.payload(),
                s.payloadFile(),
                s.acks(),
                s.transactionMs(),
                s.abortEvery(),
                s.pacing(),
                s.producerConfig());
    }

    /** A change read from {@code fields} accepting only the {@code known} names, refused whole with the first field at fault. */
    public static ProducerChange read(Map<String, ?> fields, Set<String> known) {
        return FieldReads.strictly(problems -> read(fields, known, problems));
    }

    /**
     * A change read from {@code f}, accepting only the {@code known} names; every problem is added to
     * {@code problems} (each naming its field), and the field at fault is left null.
     */
    static ProducerChange read(Map<String, ?> f, Set<String> known, List<BadSettingsException> problems) {
        FieldReads.unknown(f, known, problems);
        return new ProducerChange(
                FieldReads.integer(f, "lingerMs", SettingsLimits.LINGER_MS, problems),
                FieldReads.integer(f, "batchSize", SettingsLimits.BATCH_SIZE, problems),
                FieldReads.named(f, "compression", Compression::fromKafkaName, Compression.acceptedNames(), problems),
                FieldReads.integer(f, "compressionLevel", ANY_LEVEL, problems),
                FieldReads.rate(f, problems),
                FieldReads.integer(f, "payloadBytes", SettingsLimits.PAYLOAD_BYTES, problems),
                FieldReads.labelled(f, "keyStrategy", KeyStrategy.class, problems),
                FieldReads.labelled(f, "payload", PayloadKind.class, problems),
                FieldReads.text(f, "payloadFile", s -> !s.isBlank(), "payloadFile must be a file's path", problems),
                acks(f, problems),
                FieldReads.integer(f, "transactionMs", SettingsLimits.TRANSACTION_MS, problems),
                FieldReads.integer(f, "abortEvery", SettingsLimits.ABORT_EVERY, problems),
                FieldReads.labelled(f, "pacing", Pacing.class, problems),
                FieldReads.properties(f, "producerConfig", ExtraProperties.PRODUCER_OWNED, problems));
    }

    /** all, -1 or 1, as number or text. */
    private static Acks acks(Map<String, ?> f, List<BadSettingsException> problems) {
        if (!f.containsKey("acks")) {
            return null;
        }
        Object value = f.get("acks");
        return Acks.parse(value).orElseGet(() -> {
            problems.add(new BadSettingsException(
                    "acks", "acks must be one of " + Acks.acceptedNames() + "; got " + FieldReads.render(value)));
            return null;
        });
    }

    /** The same change at another rate. */
    public ProducerChange withRate(Double newRate) {
        return new ProducerChange(
                lingerMs,
                batchSize,
                compression,
                compressionLevel,
                newRate,
                payloadBytes,
                keyStrategy,
                payload,
                payloadFile,
                acks,
                transactionMs,
                abortEvery,
                pacing,
                producerConfig);
    }

    /** The same change with record keys set as named. */
    public ProducerChange withKeyStrategy(KeyStrategy strategy) {
        return new ProducerChange(
                lingerMs,
                batchSize,
                compression,
                compressionLevel,
                rate,
                payloadBytes,
                strategy,
                payload,
                payloadFile,
                acks,
                transactionMs,
                abortEvery,
                pacing,
                producerConfig);
    }

    /** Whether it sets any setting or the other properties. */
    public boolean setsAny() {
        return !equals(NONE);
    }
}
