package dev.latencylab.runner.compare;

/** Measures the closed-loop e2e floor on the running stack (a real one, or a double in tests). */
public interface FloorProbe {

    /**
     * Sends {@code warmupRecords} unmeasured, then {@code records} measured, one at a time: the
     * next as soon as the previous one was read and acknowledged, or, with a {@code pace}, no
     * sooner than {@code pace} after the previous one was sent.
     *
     * @throws CompareException when a record is not read back or not acknowledged in time
     */
    Floor measure(String topic, int records, int warmupRecords, int recordBytes, java.time.Duration pace)
            throws InterruptedException;
}
