package dev.latencylab.api.settings;

/**
 * How the sender keeps to its rate. Waking the sending thread for each record costs CPU (about
 * 10-20 µs a wake measured on the lab's 2-core machine, more than the send itself), so the
 * choice is a trade of the sender's CPU against how evenly records arrive.
 */
public enum Pacing implements Labelled {
    /** Each record at its own time on the schedule, never early: records arrive as a steady stream. */
    EVEN,
    /**
     * As Kafka's ProducerPerformance paces (its ThroughputThrottler): records go early until 2 ms
     * of the schedule is ahead, then the thread sleeps that off in whole milliseconds rounded up (3
     * ms), as {@code Object.wait(ms, ns)} does, and sends what fell due meanwhile late. One wake
     * per 3 ms or so instead of one per record; an early record is intended when it is sent, so it
     * has no publish delay.
     */
    BURSTS;

    @Override
    public String toString() {
        return label();
    }
}
