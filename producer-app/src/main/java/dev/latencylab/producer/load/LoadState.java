package dev.latencylab.producer.load;

import dev.latencylab.api.accounting.PhaseIds;
import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.IntSupplier;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the sender works to, as one immutable value, swapped whole so readers never see half a change.
 *
 * @param phase the phase id the records carry (0: none): the runner's, or one of the producer's own
 *     for a change by hand ({@link PhaseIds}). A change of a setting or of the topic that names no
 *     phase ends the phase: those records are not what the phase asked for, so they start a phase by
 *     hand of their own (0 when they carry no header).
 * @param phaseName the phase's name (null: none given); a phase by hand is named after its change
 * @param topic where the records go
 * @param header whether the records carry the lab's header (off only outside named phases)
 */
public record LoadState(
        ProducerSettings settings, boolean running, int phase, String phaseName, String topic, boolean header) {

    /** Longer names are cut: a Prometheus label, not a record of the change (GET /actuator/producer has that). */
    static final int MAX_NAME_BY_HAND = 120;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    public LoadState {
        if (phaseName != null && phase == 0) {
            throw new BadSettingsException(
                    "phaseName", "phaseName names a phase: give the phase's id (from 1) with it; got phase 0");
        }
        if (!header && phase != 0) {
            // The consumer counts a phase's records by their header: without it every one would be "lost".
            throw new BadSettingsException(
                    "header",
                    "header false sends records the consumer cannot count, so they belong to no phase: "
                            + "give phase 0 (or none) with it; got phase " + phase);
        }
    }

    public LoadState(ProducerSettings settings, boolean running, String topic) {
        this(settings, running, 0, null, topic, true);
    }

    /** {@link #apply(SettingsChange, IntSupplier)} where a change by hand takes {@link PhaseIds#FIRST_BY_HAND}: to check a change. */
    public LoadState apply(SettingsChange change) {
        return apply(change, () -> PhaseIds.FIRST_BY_HAND);
    }

    /**
     * The state after {@code change}. A change of a setting, the topic or the header that names no
     * phase is a change by hand: its records take the next id of {@code byHand} and a name made from
     * the change, so a switch by hand is timed apart from the settings before it.
     */
    public LoadState apply(SettingsChange change, IntSupplier byHand) {
        ProducerSettings next = settings.apply(change);
        if (change.phaseName() != null && change.phase() == null) {
            throw new BadSettingsException(
                    "phaseName", "phaseName goes with the phase it names: give phase in the same change");
        }
        boolean nextRunning = change.running() != null ? change.running() : running;
        if (change.stopAfterRecords() != null && !nextRunning) {
            // Kept for a later start, it would stop a load asked for without it.
            throw new BadSettingsException(
                    "stopAfterRecords",
                    "stopAfterRecords stops a running load: give it with running true, or while the load runs");
        }
        boolean nextHeader = change.header() != null ? change.header() : header;
        boolean samePhase = change.phase() == null && !change.setsAnySetting();
        boolean isByHand = change.phase() == null && !samePhase && nextHeader;
        int nextPhase = samePhase ? phase : change.phase() != null ? change.phase() : isByHand ? byHand.getAsInt() : 0;
        String nextName = samePhase ? phaseName : isByHand ? nameByHand(change) : change.phaseName();
        return new LoadState(
                next, nextRunning, nextPhase, nextName, change.topic() != null ? change.topic() : topic, nextHeader);
    }

    /**
     * "by hand: lingerMs=20 compression=lz4": what was asked for, in the request's own field names,
     * the other Kafka properties last (they are long, and the name is cut at its bound).
     */
    static String nameByHand(SettingsChange change) {
        StringJoiner name = new StringJoiner(" ", "by hand: ", "");
        Map<String, Object> fields = JSON.convertValue(change, new TypeReference<LinkedHashMap<String, Object>>() {});
        Object properties = fields.remove("producerConfig");
        if (properties != null) {
            fields.put("producerConfig", properties);
        }
        for (Map.Entry<String, Object> field : fields.entrySet()) {
            if (!field.getKey().equals("running")) {
                name.add(field.getKey() + "=" + field.getValue());
            }
        }
        String made = name.toString();
        return made.length() <= MAX_NAME_BY_HAND ? made : made.substring(0, MAX_NAME_BY_HAND - 3) + "...";
    }

    /**
     * Whether the Kafka producer must be replaced to go from {@code before} to this by {@code change}:
     * a client setting changed, the load starts with all its settings given (a phase's warm-up, which
     * the runner starts in phase 0 and tags with the phase's id when its window opens, or a named
     * phase), or a phase by hand starts. The client's own gauges (batch size, queue time, compression
     * rate) are averages over its trailing 30-60 s: a client kept from the phase before would report
     * that phase's batches as this one's.
     */
    boolean needsNewProducer(LoadState before, SettingsChange change) {
        return !settings.sameClient(before.settings())
                || startsWithItsSettings(change)
                || (phase != before.phase() && PhaseIds.byHand(phase));
    }

    /**
     * A start under a phase id that gives settings too, as the runner starts a phase (it gives them all): not a
     * tag alone, a stop, or a setting changed without a start.
     */
    private static boolean startsWithItsSettings(SettingsChange change) {
        return change.phase() != null && Boolean.TRUE.equals(change.running()) && change.setsAnySetting();
    }
}
