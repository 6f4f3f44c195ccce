package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Everything about the producer a phase of an experiment sets. The one type for it: the
 * producer-app holds it, its endpoint shows it, a scenario's phase asks for it. Checked when made,
 * so an invalid combination cannot exist. Its JSON is a flat object, one field per setting in this
 * order (null values and an empty {@code producerConfig} left out). A new setting is a component
 * here, its merge in {@link #apply}, its read in {@link ProducerChange}, its form in {@link #shown}
 * and, when the Kafka client runs with it, its place in {@link #clientPart} (ProducerSettingsTest
 * fails for each one left out).
 *
 * @param lingerMs linger.ms
 * @param batchSize batch.size
 * @param compression compression.type
 * @param compressionLevel compression.&lt;codec&gt;.level, null for the codec's default (and always
 *     for none and snappy)
 * @param rate records/s the open-loop schedule aims at, or {@link SettingsLimits#UNTHROTTLED}
 * @param payloadBytes size of each record's JSON value (not used by {@link PayloadKind#SAMPLE},
 *     whose sizes are the file's)
 * @param keyStrategy what each record's key is
 * @param payload what each record's value is (a producer-app from before payload kinds sent words)
 * @param payloadFile the user's records, one per line, for {@link PayloadKind#SAMPLE}; null otherwise
 * @param acks acks; idempotence goes with it: on with all, off with 1 (Kafka refuses it otherwise)
 * @param transactionMs sends in transactions, each committed once it has been open this long (ms);
 *     0: no transactions. A transactional producer is another client (its own transactional.id)
 * @param abortEvery aborts every N-th transaction instead of committing it (0: none), to count what
 *     a read_committed consumer is never given
 * @param pacing how the sender keeps to the rate; not the client's: the producer stays
 * @param producerConfig any other Kafka producer properties, by their Kafka names ({@link
 *     ExtraProperties}), checked by Kafka's own definitions where the client is on the classpath;
 *     empty when none. One not given is as the producer-app started (Kafka's default unless its
 *     client config file sets it)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ProducerSettings(
        int lingerMs,
        int batchSize,
        Compression compression,
        Integer compressionLevel,
        double rate,
        int payloadBytes,
        KeyStrategy keyStrategy,
        PayloadKind payload,
        String payloadFile,
        Acks acks,
        int transactionMs,
        int abortEvery,
        Pacing pacing,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> producerConfig) {

    /** Every setting's name, in the order JSON, files, reports and {@link #shown()} give them. */
    public static final List<String> NAMES = Arrays.stream(ProducerSettings.class.getRecordComponents())
            .map(RecordComponent::getName)
            .filter(name -> !name.equals("producerConfig"))
            .toList();

    /** The settings every phase gives; the others have a value when none is given. */
    public static final Set<String> REQUIRED = Set.of("lingerMs", "batchSize", "compression", "rate", "payloadBytes");

    /** The settings a phase need not give, as they are when it does not. */
    private static final Map<String, Object> FALLBACKS =
            new ProducerSettings(0, 0, Compression.NONE, 1, 400, KeyStrategy.ORDER_ID).shown();

    public ProducerSettings {
        SettingsLimits.LINGER_MS.check("lingerMs", lingerMs);
        SettingsLimits.BATCH_SIZE.check("batchSize", batchSize);
        Objects.requireNonNull(compression, "compression");
        if (!SettingsLimits.rateAccepted(rate)) {
            throw new BadSettingsException("rate", SettingsLimits.describeRate("rate") + "; got " + rate);
        }
        SettingsLimits.PAYLOAD_BYTES.check("payloadBytes", payloadBytes);
        Objects.requireNonNull(keyStrategy, "keyStrategy");
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(acks, "acks");
        SettingsLimits.TRANSACTION_MS.check("transactionMs", transactionMs);
        SettingsLimits.ABORT_EVERY.check("abortEvery", abortEvery);
        Objects.requireNonNull(pacing, "pacing");
        producerConfig = ExtraProperties.checked("producerConfig", producerConfig, ExtraProperties.PRODUCER_OWNED);
        if (acks.idempotent()) {
            ExtraProperties.checkIdempotentInFlight(producerConfig);
        }
        if (compressionLevel != null) {
            Compression codec = compression;
            codec.levelRange()
                    .orElseThrow(() -> new BadSettingsException(
                            "compressionLevel",
                            "compressionLevel: compression " + codec + " has no level (gzip, lz4 and zstd do)"))
                    .check("compressionLevel", compressionLevel);
        }
        if (payload == PayloadKind.SAMPLE && payloadFile == null) {
            throw new BadSettingsException(
                    "payloadFile", "payloadFile: payload sample needs a file of records, one per line");
        }
        if (payload != PayloadKind.SAMPLE && payloadFile != null) {
            throw new BadSettingsException(
                    "payloadFile", "payloadFile is only read with payload sample; got payload " + payload);
        }
        if (transactionMs > 0 && acks != Acks.ALL) {
            throw new BadSettingsException(
                    "transactionMs", "transactionMs: a transactional producer is idempotent, so it needs acks all");
        }
        if (abortEvery > 0 && transactionMs == 0) {
            throw new BadSettingsException(
                    "abortEvery", "abortEvery aborts transactions: it needs transactionMs above 0");
        }
    }

    /** The settings every phase gives, the rest at their defaults: order events padded with words, Kafka's client defaults. */
    public ProducerSettings(
            int lingerMs,
            int batchSize,
            Compression compression,
            double rate,
            int payloadBytes,
            KeyStrategy keyStrategy) {
        this(
                lingerMs,
                batchSize,
                compression,
                null,
                rate,
                payloadBytes,
                keyStrategy,
                PayloadKind.WORDS,
                null,
                Acks.ALL,
                0,
                0,
                Pacing.EVEN,
                Map.of());
    }

    /**
     * The settings a change gives, the rest at their defaults; refused with the first setting at
     * fault (a required one missing included).
     */
    public static ProducerSettings of(ProducerChange c) {
        return new ProducerSettings(
                        given(c.lingerMs(), "lingerMs"),
                        given(c.batchSize(), "batchSize"),
                        given(c.compression(), "compression"),
                        given(c.rate(), "rate"),
                        given(c.payloadBytes(), "payloadBytes"),
                        KeyStrategy.ORDER_ID)
                .apply(c);
    }

    private static <T> T given(T value, String name) {
        if (value == null) {
            throw new BadSettingsException(name, name + " is missing");
        }
        return value;
    }

    /**
     * Read from JSON (a summary, the producer's status) by the endpoint's own strict reader. A summary
     * written before the Kafka client's buffer and in-flight properties went into {@code
     * producerConfig} names them as settings ({@link ExtraProperties#FORMER_PRODUCER_SETTINGS}): read as the
     * properties they are, so its report and diff still work.
     */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static ProducerSettings fromJson(Map<String, Object> fields) {
        return of(ProducerChange.read(
                ExtraProperties.formerSettingsMoved(fields, ExtraProperties.FORMER_PRODUCER_SETTINGS, "producerConfig"),
                ProducerChange.SETTINGS_FIELDS));
    }

    /**
     * These settings with every setting the change sets replaced. A change of codec without a level
     * goes back to the new codec's default level (a gzip level means nothing to zstd); a change of
     * payload kind without a file drops the file.
     */
    public ProducerSettings apply(ProducerChange c) {
        Objects.requireNonNull(c, "change");
        return new ProducerSettings(
                or(c.lingerMs(), lingerMs),
                or(c.batchSize(), batchSize),
                or(c.compression(), compression),
                c.compression() != null ? c.compressionLevel() : or(c.compressionLevel(), compressionLevel),
                or(c.rate(), rate),
                or(c.payloadBytes(), payloadBytes),
                or(c.keyStrategy(), keyStrategy),
                or(c.payload(), payload),
                c.payload() != null ? c.payloadFile() : or(c.payloadFile(), payloadFile),
                or(c.acks(), acks),
                or(c.transactionMs(), transactionMs),
                or(c.abortEvery(), abortEvery),
                or(c.pacing(), pacing),
                or(c.producerConfig(), producerConfig));
    }

    /** {@link #apply(ProducerChange)} with a request's settings; its other fields are not settings. */
    public ProducerSettings apply(SettingsChange change) {
        return apply(change.settings());
    }

    private static <T> T or(T given, T current) {
        return given != null ? given : current;
    }

    /** The same settings at another rate (the runner's rate search). */
    public ProducerSettings withRate(double newRate) {
        return apply(ProducerChange.NONE.withRate(newRate));
    }

    /** No schedule: each record is sent as soon as the previous send() returned. */
    public boolean unthrottled() {
        return rate == SettingsLimits.UNTHROTTLED;
    }

    public boolean transactional() {
        return transactionMs > 0;
    }

    /**
     * The Kafka client properties the settings themselves give, by Kafka's names, as text (a
     * properties file's or a tool's {@code --command-property}): each in this record's order, then
     * the codec's level under the codec's own property when one is asked for, and idempotence with
     * acks (Kafka refuses it with acks other than all). The other properties ({@code producerConfig})
     * go beside them. The one place settings become client properties: the apps configure their
     * clients from it, and compare gives Kafka's tools the same.
     */
    public Map<String, String> kafkaProperties() {
        Map<String, Object> shown = shown();
        Map<String, String> kafka = new LinkedHashMap<>();
        ExtraProperties.PRODUCER_CLIENT.forEach(
                (name, property) -> kafka.put(property, String.valueOf(shown.get(name))));
        if (compressionLevel != null) {
            compression.levelProperty().ifPresent(p -> kafka.put(p, compressionLevel.toString()));
        }
        kafka.put("enable.idempotence", Boolean.toString(acks.idempotent()));
        return kafka;
    }

    /** What the Kafka client runs with: equal for two settings exactly when no new producer is needed. */
    private List<Object> clientPart() {
        return Arrays.asList(lingerMs, batchSize, compression, compressionLevel, acks, transactionMs, producerConfig);
    }

    /** Whether the Kafka client runs with the same configuration under both: no new client is needed. */
    public boolean sameClient(ProducerSettings other) {
        return clientPart().equals(other.clientPart());
    }

    /**
     * Every setting by name, in this record's order, as scenario files, reports and labels show it
     * (null where it has no value): what a reader of settings it does not know one by one goes through.
     */
    public Map<String, Object> shown() {
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("lingerMs", lingerMs);
        shown.put("batchSize", batchSize);
        shown.put("compression", compression.kafkaName());
        shown.put("compressionLevel", compressionLevel);
        shown.put("rate", unthrottled() ? "unthrottled" : rate == Math.rint(rate) ? (Object) (long) rate : rate);
        shown.put("payloadBytes", payloadBytes);
        shown.put("keyStrategy", keyStrategy.label());
        shown.put("payload", payload.label());
        shown.put("payloadFile", payloadFile);
        shown.put("acks", acks.kafkaValue());
        shown.put("transactionMs", transactionMs);
        shown.put("abortEvery", abortEvery);
        shown.put("pacing", pacing.label());
        return shown;
    }

    /**
     * As a scenario file spells it: the settings every phase must give, the others where they differ
     * from their defaults, and the other properties when any.
     */
    public Map<String, Object> plain() {
        Map<String, Object> plain = new LinkedHashMap<>();
        shown().forEach((name, value) -> {
            if (value != null && (REQUIRED.contains(name) || !value.equals(FALLBACKS.get(name)))) {
                plain.put(name, value);
            }
        });
        if (!producerConfig.isEmpty()) {
            plain.put("producerConfig", producerConfig);
        }
        return plain;
    }

    /**
     * The settings a phase need not give, where they are not at their defaults, as a scenario file
     * shows them (the Kafka properties of {@code producerConfig} aside).
     */
    public Map<String, Object> tuned() {
        Map<String, Object> tuned = plain();
        tuned.remove("producerConfig");
        tuned.keySet().removeAll(REQUIRED);
        return tuned;
    }
}
