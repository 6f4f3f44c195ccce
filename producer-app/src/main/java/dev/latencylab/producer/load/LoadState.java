package dev.latencylab.producer.load;

import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;

/** What the sender works to, as one immutable value, swapped whole so readers never see half a change. */
public record LoadState(ProducerSettings settings, boolean running) {

    LoadState apply(SettingsChange change) {
        return new LoadState(settings.apply(change), change.running() != null ? change.running() : running);
    }
}
