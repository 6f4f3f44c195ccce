package dev.latencylab.api.settings;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The producer's settings, as data, one row each ({@link Setting}). {@link #ALL} is the one place a
 * producer setting is defined: the readers, the writer of scenario files, the Kafka client's
 * configuration, the phase-info labels and the rule of what needs a new producer are derived from
 * it. Adding a setting is adding a row here (its typed reads are {@link ProducerSettings#get}).
 */
public final class ProducerSetting {

    private static final List<Setting<?>> ROWS = new ArrayList<>();

    public static final Setting<Integer> LINGER_MS =
            Setting.required(ROWS, "lingerMs", "linger.ms", SettingKind.integer(SettingsLimits.LINGER_MS));
    public static final Setting<Integer> BATCH_SIZE =
            Setting.required(ROWS, "batchSize", "batch.size", SettingKind.integer(SettingsLimits.BATCH_SIZE));
    public static final Setting<Compression> COMPRESSION =
            Setting.required(ROWS, "compression", "compression.type", SettingKind.COMPRESSION);
    /**
     * The codec's level: its Kafka property depends on the codec ({@link Compression#levelProperty}),
     * so the client's configuration sets it apart; null is the codec's default.
     */
    public static final Setting<Integer> COMPRESSION_LEVEL =
            Setting.optional(ROWS, "compressionLevel", null, true, SettingKind.LEVEL, null);

    public static final Setting<Double> RATE = Setting.required(ROWS, "rate", SettingKind.RATE);
    public static final Setting<Integer> PAYLOAD_BYTES =
            Setting.required(ROWS, "payloadBytes", SettingKind.integer(SettingsLimits.PAYLOAD_BYTES));
    public static final Setting<KeyStrategy> KEY_STRATEGY = Setting.optional(
            ROWS, "keyStrategy", null, false, SettingKind.labelled(KeyStrategy.class), KeyStrategy.ORDER_ID);
    /** A producer-app from before payload kinds sent none: its values were words. */
    public static final Setting<PayloadKind> PAYLOAD =
            Setting.optional(ROWS, "payload", null, false, SettingKind.labelled(PayloadKind.class), PayloadKind.WORDS);

    public static final Setting<String> PAYLOAD_FILE = Setting.optional(
            ROWS,
            "payloadFile",
            null,
            false,
            SettingKind.text(s -> !s.isBlank(), "payloadFile must be a file's path"),
            null);
    /** Idempotence goes with it: on with all, off with 1 (Kafka refuses it otherwise). */
    public static final Setting<Acks> ACKS = Setting.optional(ROWS, "acks", "acks", true, SettingKind.ACKS, Acks.ALL);

    public static final Setting<Integer> MAX_IN_FLIGHT = Setting.optional(
            ROWS,
            "maxInFlight",
            "max.in.flight.requests.per.connection",
            true,
            SettingKind.integer(SettingsLimits.MAX_IN_FLIGHT),
            SettingsLimits.DEFAULT_MAX_IN_FLIGHT);
    /** -1: the OS tunes it. */
    public static final Setting<Integer> SEND_BUFFER_BYTES = Setting.optional(
            ROWS,
            "sendBufferBytes",
            "send.buffer.bytes",
            true,
            SettingKind.SEND_BUFFER,
            SettingsLimits.DEFAULT_SEND_BUFFER_BYTES);

    public static final Setting<Integer> BUFFER_MEMORY = Setting.optional(
            ROWS,
            "bufferMemory",
            "buffer.memory",
            true,
            SettingKind.integer(SettingsLimits.BUFFER_MEMORY),
            SettingsLimits.DEFAULT_BUFFER_MEMORY);

    /**
     * Sends in transactions, each committed once it has been open this long (ms); 0: no transactions.
     * The client runs with it: a transactional producer has its own {@code transactional.id}.
     */
    public static final Setting<Integer> TRANSACTION_MS =
            Setting.optional(ROWS, "transactionMs", null, true, SettingKind.integer(SettingsLimits.TRANSACTION_MS), 0);
    /**
     * Aborts every N-th transaction instead of committing it (0: none), to count what a
     * {@code read_committed} consumer is never given.
     */
    public static final Setting<Integer> ABORT_EVERY =
            Setting.optional(ROWS, "abortEvery", null, false, SettingKind.integer(SettingsLimits.ABORT_EVERY), 0);

    /** How the sender keeps to the rate ({@link Pacing}); not the client's: the producer stays. */
    public static final Setting<Pacing> PACING =
            Setting.optional(ROWS, "pacing", null, false, SettingKind.labelled(Pacing.class), Pacing.EVEN);

    /** Every setting, in the order JSON, scenario files and labels show them. */
    public static final List<Setting<?>> ALL = List.copyOf(ROWS);

    private ProducerSetting() {}

    /** The setting of that name, as scenarios and JSON spell it. */
    public static Optional<Setting<?>> named(String name) {
        return Setting.named(ALL, name);
    }
}
