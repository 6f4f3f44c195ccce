package dev.latencylab.core.cachelines;

/**
 * 128 bytes of nothing ahead of a subclass's own fields, so they never share a cache line (nor the
 * line the CPU prefetches beside it) with whatever lies before the object in memory.
 *
 * <p>For state one thread writes for every record while another thread writes its own for the
 * same records: the producer-app's sending thread and the Kafka client's I/O thread, each on a core
 * of its own. Laid side by side, the two threads' counters, locks and histograms moved cache lines
 * back and forth at every record (false sharing): {@code SharedLinesBenchmark} measured the lab's
 * per-record state at 347 to 377 ns a record on the sending thread and 254 to 317 ns on the
 * answering one with both running, 34 and 48 ns once each side had lines of its own (docs/benchmarks.md,
 * "False sharing"). HotSpot puts a superclass's fields before a subclass's; the int fills the gap after a
 * 12-byte object header, where a subclass's int or reference would otherwise go. What follows the
 * object is left to the caller: make the next thing allocated padded too, or the same thread's.
 */
@SuppressWarnings("unused")
public abstract class CacheLinePadding {
    private int p00;
    private long p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15, p16;
}
