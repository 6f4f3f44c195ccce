package dev.latencylab.core.latency;

/**
 * One phase entry of a recorder, as an exporter reads its latency histograms at scrape time. A
 * handle, equal only to a handle of the same entry: the exporter tells an entry it read before
 * from a new one of the same phase (released, then opened again by a late record), and reads an
 * entry the recorder has dropped once more for its final counts (a dropped entry records nothing).
 */
public final class HeldLatency {

    private final LatencyRecorder recorder;
    private final PhaseHistograms entry;

    HeldLatency(LatencyRecorder recorder, PhaseHistograms entry) {
        this.recorder = recorder;
        this.entry = entry;
    }

    /** The runner's phase id. */
    public int phase() {
        return entry.phase;
    }

    /**
     * Adds the entry's two histograms (latency, corrected latency) to the counts, each with the
     * largest value recorded since the last read (which starts afresh).
     */
    public void readInto(LatencyBucketCounts latency, LatencyBucketCounts corrected) {
        synchronized (recorder) { // the recorder's lock: the consumer thread records into the entry
            entry.exportTo(latency, corrected);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HeldLatency other && other.entry == entry;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(entry);
    }
}
