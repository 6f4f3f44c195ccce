package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;
import java.util.Objects;

/**
 * Everything about the producer a phase of an experiment sets: the Kafka client settings the lab
 * varies and the load it generates. The one type for it: the producer-app holds it, its endpoint
 * shows it, a scenario's phase asks for it. Every value is checked against {@link SettingsLimits}
 * when it is made, so an invalid one cannot exist.
 *
 * @param lingerMs linger.ms
 * @param batchSize batch.size in bytes
 * @param compression compression.type
 * @param compressionLevel compression.&lt;codec&gt;.level, null for the codec's default (and always for
 *     none and snappy, which have no level)
 * @param rate records/s the open-loop schedule aims at, or {@link SettingsLimits#UNTHROTTLED}
 * @param payloadBytes size of each record's JSON value (not used by {@link PayloadKind#SAMPLE}, whose
 *     sizes are the file's)
 * @param keyStrategy what the record key is
 * @param payload what the record values are made of
 * @param payloadFile the user's records, one per line, for {@link PayloadKind#SAMPLE}; null otherwise
 * @param acks acks (idempotence follows: on with all, off with 1); null reads as all
 * @param maxInFlight max.in.flight.requests.per.connection; null reads as Kafka's 5
 * @param sendBufferBytes send.buffer.bytes (-1: the OS tunes it); null reads as Kafka's 131072
 * @param bufferMemory buffer.memory; null reads as Kafka's 33554432
 * @param producerConfig any other Kafka producer properties, by their Kafka names ({@link
 *     ExtraProperties}; null reads as none); shown only when some are set
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
        Integer maxInFlight,
        Integer sendBufferBytes,
        Integer bufferMemory,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> producerConfig) {

    public ProducerSettings {
        producerConfig = ExtraProperties.checked("producerConfig", producerConfig, ExtraProperties.PRODUCER_OWNED);
        // Settings from before these four were settings ran with Kafka's defaults: so do these.
        acks = acks == null ? Acks.ALL : acks;
        maxInFlight = maxInFlight == null ? SettingsLimits.DEFAULT_MAX_IN_FLIGHT : maxInFlight;
        sendBufferBytes = sendBufferBytes == null ? SettingsLimits.DEFAULT_SEND_BUFFER_BYTES : sendBufferBytes;
        bufferMemory = bufferMemory == null ? SettingsLimits.DEFAULT_BUFFER_MEMORY : bufferMemory;
        SettingsLimits.MAX_IN_FLIGHT.check("maxInFlight", maxInFlight);
        if (!SettingsLimits.sendBufferAccepted(sendBufferBytes)) {
            throw new BadSettingsException(
                    "sendBufferBytes",
                    SettingsLimits.SEND_BUFFER_BYTES.describe("sendBufferBytes") + ", or -1; got " + sendBufferBytes);
        }
        SettingsLimits.BUFFER_MEMORY.check("bufferMemory", bufferMemory);
        // A producer-app from before payload kinds sends none: its values were words.
        payload = payload == null ? PayloadKind.WORDS : payload;
        SettingsLimits.LINGER_MS.check("lingerMs", lingerMs);
        SettingsLimits.BATCH_SIZE.check("batchSize", batchSize);
        if (compression == null) {
            throw new BadSettingsException("compression", "compression must be one of " + Compression.acceptedNames());
        }
        if (compressionLevel != null) {
            SettingsLimits.IntRange levels = compression
                    .levelRange()
                    .orElseThrow(() -> new BadSettingsException(
                            "compressionLevel",
                            "compressionLevel: compression " + compression + " has no level (gzip, lz4 and zstd do)"));
            levels.check("compressionLevel", compressionLevel);
        }
        if (!SettingsLimits.rateAccepted(rate)) {
            throw new BadSettingsException("rate", SettingsLimits.describeRate("rate") + "; got " + rate);
        }
        SettingsLimits.PAYLOAD_BYTES.check("payloadBytes", payloadBytes);
        if (keyStrategy == null) {
            throw new BadSettingsException("keyStrategy", "keyStrategy must be one of " + KeyStrategy.acceptedNames());
        }
        if (payload == PayloadKind.SAMPLE && (payloadFile == null || payloadFile.isBlank())) {
            throw new BadSettingsException(
                    "payloadFile", "payloadFile: payload sample needs a file of records, one per line");
        }
        if (payload != PayloadKind.SAMPLE && payloadFile != null) {
            throw new BadSettingsException(
                    "payloadFile", "payloadFile is only read with payload sample; got payload " + payload);
        }
    }

    /** Settings with no Kafka property beyond the lab's own. */
    public ProducerSettings(
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
            Integer maxInFlight,
            Integer sendBufferBytes,
            Integer bufferMemory) {
        this(
                lingerMs,
                batchSize,
                compression,
                compressionLevel,
                rate,
                payloadBytes,
                keyStrategy,
                payload,
                payloadFile,
                acks,
                maxInFlight,
                sendBufferBytes,
                bufferMemory,
                null);
    }

    /** Settings with Kafka's acks, in-flight and buffer defaults. */
    public ProducerSettings(
            int lingerMs,
            int batchSize,
            Compression compression,
            Integer compressionLevel,
            double rate,
            int payloadBytes,
            KeyStrategy keyStrategy,
            PayloadKind payload,
            String payloadFile) {
        this(
                lingerMs,
                batchSize,
                compression,
                compressionLevel,
                rate,
                payloadBytes,
                keyStrategy,
                payload,
                payloadFile,
                null,
                null,
                null,
                null);
    }

    /** Order events padded with words, the codec's default level: the lab's first settings. */
    public ProducerSettings(
            int lingerMs,
            int batchSize,
            Compression compression,
            double rate,
            int payloadBytes,
            KeyStrategy keyStrategy) {
        this(lingerMs, batchSize, compression, null, rate, payloadBytes, keyStrategy, PayloadKind.WORDS, null);
    }

    /**
     * These settings with every field the change sets replaced; {@code running}, {@code phase} and
     * {@code topic} are not settings and are ignored. A change of codec without a level goes back to
     * the new codec's default level (a gzip level means nothing to zstd); a change of payload kind
     * without a file drops the file.
     */
    public ProducerSettings apply(SettingsChange change) {
        Objects.requireNonNull(change, "change");
        Integer level = change.compressionLevel() != null
                ? change.compressionLevel()
                : change.compression() != null ? null : compressionLevel;
        String file =
                change.payloadFile() != null ? change.payloadFile() : change.payload() != null ? null : payloadFile;
        return new ProducerSettings(
                change.lingerMs() != null ? change.lingerMs() : lingerMs,
                change.batchSize() != null ? change.batchSize() : batchSize,
                change.compression() != null ? change.compression() : compression,
                level,
                change.rate() != null ? change.rate() : rate,
                change.payloadBytes() != null ? change.payloadBytes() : payloadBytes,
                change.keyStrategy() != null ? change.keyStrategy() : keyStrategy,
                change.payload() != null ? change.payload() : payload,
                file,
                change.acks() != null ? change.acks() : acks,
                change.maxInFlight() != null ? change.maxInFlight() : maxInFlight,
                change.sendBufferBytes() != null ? change.sendBufferBytes() : sendBufferBytes,
                change.bufferMemory() != null ? change.bufferMemory() : bufferMemory,
                change.producerConfig() != null ? change.producerConfig() : producerConfig);
    }

    /** No schedule: each record is sent as soon as the previous send() returned. */
    public boolean unthrottled() {
        return rate == SettingsLimits.UNTHROTTLED;
    }

    /** The same settings at another rate (the runner's rate search). */
    public ProducerSettings withRate(double newRate) {
        return new ProducerSettings(
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
                maxInFlight,
                sendBufferBytes,
                bufferMemory,
                producerConfig);
    }

    /** Whether these settings differ from Kafka's defaults in acks, in-flight requests, buffers or other properties. */
    public boolean tunesClient() {
        return !producerConfig.isEmpty()
                || acks != Acks.ALL
                || maxInFlight != SettingsLimits.DEFAULT_MAX_IN_FLIGHT
                || sendBufferBytes != SettingsLimits.DEFAULT_SEND_BUFFER_BYTES
                || bufferMemory != SettingsLimits.DEFAULT_BUFFER_MEMORY;
    }

    /** What a record's header carries of these settings: the consumer's phase key. */
    public PhaseKey phaseKey() {
        return new PhaseKey(lingerMs, batchSize, compression);
    }
}
