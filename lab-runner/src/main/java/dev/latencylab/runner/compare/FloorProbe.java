package dev.latencylab.runner.compare;

import java.time.Duration;

/**
 * Measures the closed-loop e2e floor on the running stack (a real one, or a double in tests). One probe
 * lives for a whole comparison: its clients are made and warmed once, then measured in windows between
 * the lab's.
 */
public interface FloorProbe extends AutoCloseable {

    /**
     * Sends {@code records} measured records, one at a time: the next as soon as the previous one was
     * read and acknowledged, or, with a {@code pace}, no sooner than {@code pace} after the previous
     * one was sent. The first call warms the clients up first, unmeasured.
     *
     * @throws CompareException when a record is not read back or not acknowledged in time
     */
    Floor measure(String topic, int records, Duration pace, FloorFetch fetch) throws InterruptedException;

    /** Unmeasured records each consumer is given before its first window. */
    int warmupRecords();

    @Override
    void close();
}
