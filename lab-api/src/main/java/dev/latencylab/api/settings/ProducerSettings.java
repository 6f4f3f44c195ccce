package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything about the producer a phase of an experiment sets: a value for each {@link
 * ProducerSetting} and any other Kafka producer properties ({@code producerConfig}, by their Kafka
 * names). The one type for it: the producer-app holds it, its endpoint shows it, a scenario's phase
 * asks for it. Every value is checked when it is made, so an invalid one cannot exist. Its JSON is a
 * flat object, one field per setting in the table's order; null values are left out.
 */
public final class ProducerSettings extends SettingValues {

    /** Every setting's name, in the order JSON, files, reports and {@link #shown()} give them. */
    public static final List<String> NAMES =
            ProducerSetting.ALL.stream().map(Setting::name).toList();

    private ProducerSettings(Object[] given, Map<String, String> producerConfig) {
        super(ProducerSetting.ALL, given, "producerConfig", producerConfig, ExtraProperties.PRODUCER_OWNED);
        Compression codec = compression();
        if (compressionLevel() != null) {
            codec.levelRange()
                    .orElseThrow(() -> new BadSettingsException(
                            "compressionLevel",
                            "compressionLevel: compression " + codec + " has no level (gzip, lz4 and zstd do)"))
                    .check("compressionLevel", compressionLevel());
        }
        if (payload() == PayloadKind.SAMPLE && payloadFile() == null) {
            throw new BadSettingsException(
                    "payloadFile", "payloadFile: payload sample needs a file of records, one per line");
        }
        if (transactionMs() > 0 && acks() != Acks.ALL) {
            throw new BadSettingsException(
                    "transactionMs", "transactionMs: a transactional producer is idempotent, so it needs acks all");
        }
        if (abortEvery() > 0 && transactionMs() == 0) {
            throw new BadSettingsException(
                    "abortEvery", "abortEvery aborts transactions: it needs transactionMs above 0");
        }
        if (payload() != PayloadKind.SAMPLE && payloadFile() != null) {
            throw new BadSettingsException(
                    "payloadFile", "payloadFile is only read with payload sample; got payload " + payload());
        }
    }

    /** The settings every phase gives, the rest at their fallbacks: order events padded with words. */
    public ProducerSettings(
            int lingerMs,
            int batchSize,
            Compression compression,
            double rate,
            int payloadBytes,
            KeyStrategy keyStrategy) {
        this(first(lingerMs, batchSize, compression, rate, payloadBytes, keyStrategy), null);
    }

    private static Object[] first(
            int lingerMs, int batchSize, Compression compression, double rate, int payloadBytes, KeyStrategy keys) {
        Object[] v = new Object[ProducerSetting.ALL.size()];
        v[ProducerSetting.LINGER_MS.index()] = lingerMs;
        v[ProducerSetting.BATCH_SIZE.index()] = batchSize;
        v[ProducerSetting.COMPRESSION.index()] = compression;
        v[ProducerSetting.RATE.index()] = rate;
        v[ProducerSetting.PAYLOAD_BYTES.index()] = payloadBytes;
        v[ProducerSetting.KEY_STRATEGY.index()] = Objects.requireNonNull(keys, "keyStrategy");
        return v;
    }

    /**
     * The settings a change gives, the rest at their fallbacks; refused with the first setting at
     * fault (a required one missing included).
     */
    public static ProducerSettings of(SettingsChange change) {
        return new ProducerSettings(merged(new Object[ProducerSetting.ALL.size()], change), change.producerConfig());
    }

    /**
     * The settings a Kafka producer made from {@code configured} (its client configuration, values
     * typed or text) runs with: each client setting's property from it, else from {@code defaults}
     * (the client's own), read leniently; the others as {@code load} gives them.
     */
    public static ProducerSettings ofClientConfig(
            SettingsChange load, Map<String, ?> configured, Map<String, ?> defaults) {
        SettingsChange change = load;
        for (Setting<?> s : ProducerSetting.ALL) {
            if (s.kafkaProperty().isPresent()) {
                change = configured(change, s, configured, defaults);
            }
        }
        return of(change);
    }

    private static <T> SettingsChange configured(
            SettingsChange change, Setting<T> s, Map<String, ?> configured, Map<String, ?> defaults) {
        String property = s.kafkaProperty().orElseThrow();
        Object value = configured.get(property) != null ? configured.get(property) : defaults.get(property);
        return change.and(s, s.fromKafka(value));
    }

    /** Read from JSON (a summary, the producer's status) by the endpoint's own strict reader. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static ProducerSettings fromJson(Map<String, Object> fields) {
        return of(SettingsReader.change(fields, SettingsReader.SETTINGS_FIELDS));
    }

    /** These settings with one replaced (null: back to its fallback), checked like any others. */
    public <T> ProducerSettings with(Setting<T> setting, T value) {
        Object[] next = values();
        next[setting.index()] = value;
        return new ProducerSettings(next, producerConfig());
    }

    /** These settings with other Kafka properties (null or empty: none). */
    public ProducerSettings withProducerConfig(Map<String, String> properties) {
        return new ProducerSettings(values(), properties);
    }

    /**
     * These settings with every setting the change sets replaced; {@code running}, {@code phase} and
     * {@code topic} are not settings and are ignored. A change of codec without a level goes back to
     * the new codec's default level (a gzip level means nothing to zstd); a change of payload kind
     * without a file drops the file.
     */
    public ProducerSettings apply(SettingsChange change) {
        Objects.requireNonNull(change, "change");
        return new ProducerSettings(merged(values(), change), change.propertiesOver(producerConfig()));
    }

    private static Object[] merged(Object[] values, SettingsChange change) {
        Object[] next = change.over(values);
        if (change.sets(ProducerSetting.COMPRESSION) && !change.sets(ProducerSetting.COMPRESSION_LEVEL)) {
            next[ProducerSetting.COMPRESSION_LEVEL.index()] = null;
        }
        if (change.sets(ProducerSetting.PAYLOAD) && !change.sets(ProducerSetting.PAYLOAD_FILE)) {
            next[ProducerSetting.PAYLOAD_FILE.index()] = null;
        }
        return next;
    }

    /**
     * The codec's level under the codec's own property, when one is asked for (otherwise the codec's
     * default applies); idempotence with acks, as Kafka refuses it with acks other than all.
     */
    @Override
    void derivedKafkaProperties(Map<String, String> kafka) {
        if (compressionLevel() != null) {
            compression()
                    .levelProperty()
                    .ifPresent(p -> kafka.put(p, compressionLevel().toString()));
        }
        kafka.put("enable.idempotence", Boolean.toString(acks().idempotent()));
    }

    /**
     * The settings a phase need not give, where they are not at their defaults, as a scenario file
     * shows them (the Kafka properties of {@code producerConfig} aside).
     */
    public Map<String, Object> tuned() {
        Map<String, Object> tuned = plain();
        tuned.remove("producerConfig");
        ProducerSetting.ALL.stream().filter(Setting::required).forEach(s -> tuned.remove(s.name()));
        return tuned;
    }

    /** The same settings at another rate (the runner's rate search). */
    public ProducerSettings withRate(double newRate) {
        return with(ProducerSetting.RATE, newRate);
    }

    /** No schedule: each record is sent as soon as the previous send() returned. */
    public boolean unthrottled() {
        return rate() == SettingsLimits.UNTHROTTLED;
    }

    public int lingerMs() {
        return get(ProducerSetting.LINGER_MS);
    }

    public int batchSize() {
        return get(ProducerSetting.BATCH_SIZE);
    }

    public Compression compression() {
        return get(ProducerSetting.COMPRESSION);
    }

    /** compression.&lt;codec&gt;.level, null for the codec's default (and always for none and snappy). */
    public Integer compressionLevel() {
        return get(ProducerSetting.COMPRESSION_LEVEL);
    }

    /** Records/s the open-loop schedule aims at, or {@link SettingsLimits#UNTHROTTLED}. */
    public double rate() {
        return get(ProducerSetting.RATE);
    }

    /** Size of each record's JSON value (not used by {@link PayloadKind#SAMPLE}, whose sizes are the file's). */
    public int payloadBytes() {
        return get(ProducerSetting.PAYLOAD_BYTES);
    }

    public KeyStrategy keyStrategy() {
        return get(ProducerSetting.KEY_STRATEGY);
    }

    public PayloadKind payload() {
        return get(ProducerSetting.PAYLOAD);
    }

    public Pacing pacing() {
        return get(ProducerSetting.PACING);
    }

    /** The user's records, one per line, for {@link PayloadKind#SAMPLE}; null otherwise. */
    public String payloadFile() {
        return get(ProducerSetting.PAYLOAD_FILE);
    }

    public Acks acks() {
        return get(ProducerSetting.ACKS);
    }

    public Integer maxInFlight() {
        return get(ProducerSetting.MAX_IN_FLIGHT);
    }

    public Integer sendBufferBytes() {
        return get(ProducerSetting.SEND_BUFFER_BYTES);
    }

    public Integer bufferMemory() {
        return get(ProducerSetting.BUFFER_MEMORY);
    }

    /** How long each transaction stays open before its commit (ms); 0: no transactions. */
    public int transactionMs() {
        return get(ProducerSetting.TRANSACTION_MS);
    }

    /** Every how many transactions one is aborted on purpose; 0: none. */
    public int abortEvery() {
        return get(ProducerSetting.ABORT_EVERY);
    }

    public boolean transactional() {
        return transactionMs() > 0;
    }

    /** Any other Kafka producer properties, by their Kafka names ({@link ExtraProperties}); empty when none. */
    public Map<String, String> producerConfig() {
        return properties();
    }
}
