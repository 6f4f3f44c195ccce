package dev.latencylab.producer.load;

import dev.latencylab.api.settings.PhaseKey;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;

/**
 * What the sender works to, as one immutable value, swapped whole so readers never see half a change.
 * {@code headerKey} is the settings' {@link PhaseKey}, made once per change rather than once per record.
 */
public record LoadState(ProducerSettings settings, boolean running, PhaseKey headerKey) {

    public LoadState(ProducerSettings settings, boolean running) {
        this(settings, running, settings.phaseKey());
    }

    LoadState apply(SettingsChange change) {
        return new LoadState(settings.apply(change), change.running() != null ? change.running() : running);
    }
}
