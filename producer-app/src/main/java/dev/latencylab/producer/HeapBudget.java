package dev.latencylab.producer;

import dev.latencylab.api.settings.MemoryLimit;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * How much of the producer-app's heap a value a client sends may make it hold, from the heap the
 * JVM has ({@code -Xmx}; the lab starts the app with 512 MiB), so a value that would exhaust it is
 * a 400 naming the field and the bound, not an OutOfMemoryError in the middle of a run.
 *
 * <p>A third each, because while a change is applied the heap may hold at once: the Kafka client's
 * buffer pool, which it fills when the cluster falls behind (up to buffer.memory: a third); the
 * sample being sent and the one read for the change (a sixth each: a third); and the app itself
 * (Spring, the client's metadata and requests, the metrics, the record being made: the last
 * third). A quarter for buffer.memory would refuse the remote-producer scenario's 128 MiB at
 * -Xmx512m: the serial and parallel collectors report less than -Xmx as the max heap (one
 * survivor space less, 495 and 455 MiB).
 *
 * @param maxHeapBytes the most heap the JVM will use ({@link Runtime#maxMemory()}); a test gives a small one
 */
@Component
public record HeapBudget(long maxHeapBytes) {

    /** This process's max heap. */
    @Autowired
    public HeapBudget() {
        this(Runtime.getRuntime().maxMemory());
    }

    /** The most buffer.memory a change may ask for. */
    public MemoryLimit bufferMemory() {
        return new MemoryLimit(
                maxHeapBytes / 3, share("a third") + ": the Kafka client may fill all of it with batches");
    }

    /** The most a sample file may take in memory, its records and their index. */
    public MemoryLimit sampleFile() {
        return new MemoryLimit(
                maxHeapBytes / 6,
                share("a sixth") + ": it holds the file in memory, and while a change is applied the file it"
                        + " replaces too");
    }

    /** Where the bound comes from, and how to raise it. */
    private String share(String fraction) {
        return fraction + " of the producer-app's max heap of " + maxHeapBytes
                + " bytes (-Xmx; LAB_APP_JAVA_OPTS with scripts/lab)";
    }
}
