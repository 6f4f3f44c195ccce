package dev.latencylab.producer.load;

import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;

/**
 * What the sender works to, as one immutable value, swapped whole so readers never see half a change.
 *
 * @param phase the runner's phase id the records carry (0: none). A change of a setting or of the
 *     topic that names no phase ends the named phase: those records are not what the runner asked for.
 * @param phaseName the runner's name for the phase (null: none given); only a named phase has one
 * @param topic where the records go
 * @param header whether the records carry the lab's header (off only outside named phases)
 */
public record LoadState(
        ProducerSettings settings, boolean running, int phase, String phaseName, String topic, boolean header) {

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

    public LoadState apply(SettingsChange change) {
        ProducerSettings next = settings.apply(change);
        if (change.phaseName() != null && change.phase() == null) {
            throw new BadSettingsException(
                    "phaseName", "phaseName goes with the phase it names: give phase in the same change");
        }
        boolean samePhase = change.phase() == null && !change.setsAnySetting();
        return new LoadState(
                next,
                change.running() != null ? change.running() : running,
                samePhase ? phase : change.phase() != null ? change.phase() : 0,
                samePhase ? phaseName : change.phaseName(),
                change.topic() != null ? change.topic() : topic,
                change.header() != null ? change.header() : header);
    }

    /**
     * Whether the Kafka producer must be replaced to go from {@code before} to this by {@code change}:
     * a client setting changed, or a named phase starts with all its settings given. The client's
     * own gauges (batch size, queue time, compression rate) are averages over its trailing 30-60 s:
     * a client kept from the phase before would report that phase's batches as this one's.
     */
    boolean needsNewProducer(LoadState before, SettingsChange change) {
        return !settings.sameClient(before.settings()) || (phase != 0 && change.startsPhase());
    }
}
