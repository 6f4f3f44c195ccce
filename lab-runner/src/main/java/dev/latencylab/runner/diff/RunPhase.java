package dev.latencylab.runner.diff;

import dev.latencylab.runner.results.summary.Spread;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One scenario phase of a run as the diff reads it.
 *
 * @param repeats how many of its repeats were measured
 * @param partial whether one of them was cut short
 * @param setup what it ran on, as readable key and value: the producer settings, the topic, how
 *     many partitions were written, the consumer's topic, group and settings ("consumer
 *     fetch.max.wait.ms")
 * @param figures every figure by its summary.json key, over the repeats
 */
record RunPhase(String name, int repeats, boolean partial, Map<String, String> setup, Map<String, Spread> figures) {

    RunPhase {
        setup = Collections.unmodifiableMap(new LinkedHashMap<>(setup));
        figures = Collections.unmodifiableMap(new LinkedHashMap<>(figures));
    }

    /** The figure over the repeats; null when no repeat measured it. */
    Spread figure(String key) {
        Spread s = figures.get(key);
        return s == null || s.median() == null ? null : s;
    }
}
