package dev.latencylab.api.clock;

/**
 * {@code GET /actuator/clock}: the app's wall clock, the one its latency stamps are read from, in
 * microseconds since the epoch, read as the answer is written. The runner sets it against its own clock
 * to estimate the app's offset.
 */
public record ClockReading(long epochMicros) {

    public static final String PATH = "/actuator/clock";
}
