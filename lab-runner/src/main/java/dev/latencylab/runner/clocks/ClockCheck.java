package dev.latencylab.runner.clocks;

/**
 * One worker's clock against the runner's at a phase's start or end (summary.json's {@code clocks}).
 *
 * @param phase the phase's id
 * @param at {@code start} or {@code end}
 * @param worker the app's URL
 * @param part {@code producer-app} or {@code consumer-app}
 * @param offsetMicros how far the worker's clock was ahead of the runner's (behind when negative); null when
 *     it did not answer
 * @param uncertaintyMicros the true offset lies within this of {@code offsetMicros}; null when it did not answer
 * @param error why there is no estimate, else null
 */
public record ClockCheck(
        int phase, String at, String worker, String part, Long offsetMicros, Long uncertaintyMicros, String error) {

    public static final String START = "start";
    public static final String END = "end";

    public boolean estimated() {
        return offsetMicros != null && uncertaintyMicros != null;
    }
}
