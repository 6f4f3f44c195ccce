package dev.latencylab.core.latency;

import dev.latencylab.api.settings.PhaseKey;

/**
 * A phase as records name it: the runner's phase id and the settings their header carried. The same
 * id with other settings is kept apart, by the recorder and when a group's views are merged.
 */
record PhaseRef(int phase, PhaseKey settings) {}
