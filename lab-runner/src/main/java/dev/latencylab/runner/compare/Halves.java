package dev.latencylab.runner.compare;

import java.time.Duration;

/**
 * A window's second half against its first: the check that a side was warm when its window opened.
 * A JVM still compiling its hot path gets faster inside the window, and its rate over the window
 * then understates it (ProducerPerformance's new JVM did so with a 10 s warm-up on this machine).
 */
final class Halves {

    private Halves() {}

    /** The second half's rate over the first's; null when either half is empty or has no records. */
    static Double ratio(double firstRecords, double firstSeconds, double secondRecords, double secondSeconds) {
        if (!(firstSeconds > 0) || !(secondSeconds > 0) || !(firstRecords > 0)) {
            return null;
        }
        return (secondRecords / secondSeconds) / (firstRecords / firstSeconds);
    }

    static Double ratio(long firstRecords, Duration first, long secondRecords, Duration second) {
        return ratio(firstRecords, first.toNanos() / 1e9, secondRecords, second.toNanos() / 1e9);
    }
}
