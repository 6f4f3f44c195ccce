package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * The body of POST /actuator/producer: the settings to change, each null to leave it as it is,
 * whether load runs, the phase the records from now on belong to, and the topic they go to. Read by
 * {@link SettingsReader}; written by the runner, null fields left out.
 *
 * @param phase the runner's id for the phase, carried in every record's header ({@link
 *     SettingsLimits#PHASE}; 0: no named phase). A change of a setting that names no phase sets it
 *     to 0, so records sent with other settings are never counted in the runner's phase.
 * @param phaseName the runner's name for that phase (null: "phase" and its id), shown by the
 *     producer's {@code lab_phase_info} series so that dashboards name each phase; it names a
 *     phase, so it goes only with a phase id above 0 ({@link SettingsLimits#phaseNameAccepted})
 * @param topic the topic records go to from now on (it must exist: the producer does not create
 *     it); like a setting, a change of topic that names no phase sets the phase to 0
 * @param producerConfig any other Kafka producer properties ({@link ExtraProperties}): the whole set, replacing
 *     the one in effect (an empty mapping: none); null leaves it as it is
 * @param header false: records go without the lab's header, as Kafka's ProducerPerformance sends them
 *     (compare's "tool's work"); the consumer can neither time nor count them, so they take no
 *     sequence number and belong to no named phase. True: every record carries it (the default).
 *     Like the topic, a change of it that names no phase sets the phase to 0
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SettingsChange(
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
        Integer maxInFlight,
        Integer sendBufferBytes,
        Integer bufferMemory,
        Boolean running,
        Integer phase,
        String phaseName,
        String topic,
        Boolean header,
        Map<String, String> producerConfig) {

    /** A change of the settings that existed before acks, in-flight requests, buffers and the header were settings. */
    public SettingsChange(
            Integer lingerMs,
            Integer batchSize,
            Compression compression,
            Integer compressionLevel,
            Double rate,
            Integer payloadBytes,
            KeyStrategy keyStrategy,
            PayloadKind payload,
            String payloadFile,
            Boolean running,
            Integer phase,
            String topic) {
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
                null,
                running,
                phase,
                null,
                topic,
                null,
                null);
    }

    /** A change of the lab's first settings only, with running and phase. */
    public SettingsChange(
            Integer lingerMs,
            Integer batchSize,
            Compression compression,
            Double rate,
            Integer payloadBytes,
            KeyStrategy keyStrategy,
            Boolean running,
            Integer phase) {
        this(lingerMs, batchSize, compression, null, rate, payloadBytes, keyStrategy, null, null, running, phase, null);
    }

    /** Every setting as given, load running, records in the given phase: what a phase asks for. */
    public static SettingsChange start(ProducerSettings s, int phase) {
        return start(s, phase, null);
    }

    /**
     * Every setting as given, load running, records in the given phase, sent to {@code topic} (null: as
     * now), with the lab's header ({@link #withHeader} to leave it out).
     */
    public static SettingsChange start(ProducerSettings s, int phase, String topic) {
        return new SettingsChange(
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
                s.maxInFlight(),
                s.sendBufferBytes(),
                s.bufferMemory(),
                true,
                phase,
                null,
                topic,
                true,
                s.producerConfig());
    }

    public static SettingsChange stop() {
        return new SettingsChange(null, null, null, null, null, null, false, null);
    }

    /** Stops the load; the next records go to {@code topic}, with the lab's header. */
    public static SettingsChange stopOn(String topic) {
        return new SettingsChange(
                null, null, null, null, null, null, null, null, null, null, null, null, null, false, null, null, topic,
                true, null);
    }

    /** Only the phase the records from now on belong to. */
    public static SettingsChange phase(int phase) {
        return new SettingsChange(null, null, null, null, null, null, null, phase);
    }

    /** Only the phase the records from now on belong to, with the name dashboards show for it. */
    public static SettingsChange phase(int phase, String name) {
        return phase(phase).named(name);
    }

    /** The same change with the name of the phase it enters (shown in lab_phase_info; no effect on the records). */
    public SettingsChange named(String name) {
        return new SettingsChange(
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
                running,
                phase,
                name,
                topic,
                header,
                producerConfig);
    }

    /** Only the rate, in the given phase (the runner's rate search names a phase per step). */
    public static SettingsChange rate(double rate, int phase) {
        return new SettingsChange(null, null, null, rate, null, null, null, phase);
    }

    public static SettingsChange linger(int lingerMs) {
        return new SettingsChange(lingerMs, null, null, null, null, null, null, null);
    }

    /** The same change with record keys set as named. */
    public SettingsChange withKeyStrategy(KeyStrategy strategy) {
        return with(strategy, header);
    }

    /** The same change with the lab's header on every record, or on none (Kafka's tools send none). */
    public SettingsChange withHeader(boolean on) {
        return with(keyStrategy, on);
    }

    private SettingsChange with(KeyStrategy newKeyStrategy, Boolean newHeader) {
        return new SettingsChange(
                lingerMs,
                batchSize,
                compression,
                compressionLevel,
                rate,
                payloadBytes,
                newKeyStrategy,
                payload,
                payloadFile,
                acks,
                maxInFlight,
                sendBufferBytes,
                bufferMemory,
                running,
                phase,
                phaseName,
                topic,
                newHeader,
                producerConfig);
    }

    /** Whether this change sets any producer setting, the topic or the header (not just {@code running} or {@code phase}). */
    public boolean setsAnySetting() {
        return lingerMs != null
                || batchSize != null
                || compression != null
                || compressionLevel != null
                || rate != null
                || payloadBytes != null
                || keyStrategy != null
                || payload != null
                || payloadFile != null
                || acks != null
                || maxInFlight != null
                || sendBufferBytes != null
                || bufferMemory != null
                || producerConfig != null
                || topic != null
                || header != null;
    }
}
