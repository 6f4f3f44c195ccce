package dev.latencylab.core.accounting;

import dev.latencylab.api.accounting.AccountingLimits;
import dev.latencylab.api.latency.ProducerTrack;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Loss and duplicate accounting for every producer seen, from the sequence numbers in record
 * headers. Tracking of a producer starts at the first record seen from it; memory is bounded
 * by {@link #MAX_PRODUCERS} windows (about 1.125 MiB each): a producer beyond it drops the least
 * recently heard-from one, and each drop is counted ({@link #dropped()}), since a dropped producer's
 * open gaps are never declared lost and its tracking starts afresh if it sends again.
 * Not thread-safe: the caller serializes access.
 */
public final class SequenceTracker {

    public static final int MAX_PRODUCERS = AccountingLimits.TRACKED_PRODUCERS;

    private final long graceMicros;
    private boolean shared;
    private final LossSink sink;
    private long dropped;
    private final Map<UUID, SequenceWindow> windows = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<UUID, SequenceWindow> eldest) {
            boolean full = size() > MAX_PRODUCERS;
            if (full) {
                dropped++;
            }
            return full;
        }
    };

    /**
     * The window last looked up, by its producer's id bits: records come in runs of one producer, and
     * skipping the map for them changes no access order (its last access was this producer's).
     */
    private SequenceWindow last;

    private long lastMostBits;
    private long lastLeastBits;

    public SequenceTracker(Duration grace, LossSink sink) {
        this.graceMicros = grace.toNanos() / 1_000;
        this.sink = sink;
    }

    public SequenceOutcome record(UUID producerId, long sequence, int partition, int phaseId, long nowMicros) {
        return record(
                producerId.getMostSignificantBits(),
                producerId.getLeastSignificantBits(),
                sequence,
                partition,
                phaseId,
                nowMicros);
    }

    /** {@link #record(UUID, long, int, int, long)} by the producer id's bits: no UUID within a producer's run. */
    public SequenceOutcome record(
            long producerMostBits, long producerLeastBits, long sequence, int partition, int phaseId, long nowMicros) {
        SequenceWindow window = last;
        if (window == null || producerMostBits != lastMostBits || producerLeastBits != lastLeastBits) {
            window = windows.computeIfAbsent(new UUID(producerMostBits, producerLeastBits), id -> {
                SequenceWindow w = new SequenceWindow(id, sequence, nowMicros);
                w.shared(shared);
                return w;
            });
            last = window;
            lastMostBits = producerMostBits;
            lastLeastBits = producerLeastBits;
        }
        return window.record(sequence, partition, phaseId, nowMicros, graceMicros, sink);
    }

    /** Declares lost every gap older than the grace period. Call it regularly, also when no record arrives. */
    public void expire(long nowMicros) {
        for (SequenceWindow window : windows.values()) {
            window.expire(nowMicros, graceMicros, sink);
        }
    }

    /**
     * Whether this consumer instance reads only some of the partitions of a topic it is assigned
     * (other members of its group read the rest): then a missing sequence number may be theirs,
     * and gaps count as unobserved instead of lost.
     */
    public void shared(boolean shared) {
        this.shared = shared;
        windows.values().forEach(w -> w.shared(shared));
    }

    /** Zeroes every producer's counts but keeps what arrived, so no gap is invented. */
    public void resetCounts() {
        windows.values().forEach(SequenceWindow::resetCounts);
        dropped = 0;
    }

    /** Producers whose tracking was dropped to make room for another since the last reset. */
    public long dropped() {
        return dropped;
    }

    public List<ProducerTrack> accounts() {
        List<ProducerTrack> accounts = new ArrayList<>(windows.size());
        windows.values().forEach(w -> accounts.add(w.account()));
        return accounts;
    }
}
