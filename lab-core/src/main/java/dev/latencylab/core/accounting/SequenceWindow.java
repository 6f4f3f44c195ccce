package dev.latencylab.core.accounting;

import java.util.Arrays;
import java.util.UUID;

/**
 * Loss, duplicate and order accounting for one producer's sequence numbers, in fixed memory.
 *
 * <p>Records reach the consumer out of sequence order as a matter of course: the producer's
 * single sequence is spread over partitions that are fetched independently. So a missing
 * number is only a gap until the grace period after a higher number arrived has passed; then
 * it counts as lost. A bitmap ring of {@link #WINDOW} numbers above the lowest open gap
 * remembers what arrived; numbers pushed out of the window unseen count as lost at once. Memory
 * is about 260 KiB per producer whatever the run's length.
 *
 * <p>Where tracking starts is itself blurred by that interleaving: the first record seen may
 * not be the lowest one in flight. So for one grace period after the first record, a lower
 * number moves the start down to it instead of counting as "before start". Reset tracking
 * while the stream is quiet, or records that straddle the reset can show up as gaps.
 *
 * <p>Out of order means out of order within a partition: that, unlike interleaving across
 * partitions, breaks a Kafka guarantee. Not thread-safe; {@link SequenceTracker} guards it.
 */
final class SequenceWindow {

    static final int WINDOW = 1 << 20;
    private static final int WORDS = WINDOW / 64;
    private static final long WINDOW_MASK = WINDOW - 1;

    private final UUID producerId;
    private final long[] seen = new long[WORDS];
    /** When the highest number first reached each word: a conservative opening time for its gaps. */
    private final long[] wordOpenedMicros = new long[WORDS];
    private final int[] wordPhase = new int[WORDS];
    private long[] lastByPartition = new long[0];

    private long first;
    private final long startedMicros;
    private long base;
    private long highest;
    private long seenInWindow;
    private long received;
    private long lost;
    private long duplicated;
    private long outOfOrder;
    private long beforeStart;

    SequenceWindow(UUID producerId, long firstSequence, long startedMicros) {
        this.producerId = producerId;
        this.startedMicros = startedMicros;
        this.first = firstSequence;
        this.base = firstSequence;
        this.highest = firstSequence - 1;
    }

    SequenceOutcome record(long sequence, int partition, int phaseId, long nowMicros, long graceMicros,
                           LossSink sink) {
        if (sequence < first && nowMicros - startedMicros <= graceMicros && highest - sequence < WINDOW) {
            moveStartDownTo(sequence, phaseId, nowMicros);
        }
        if (sequence < first) {
            beforeStart++;
            return SequenceOutcome.BEFORE_START;
        }
        boolean regressed = updatePartitionOrder(partition, sequence);
        if (sequence < base) {
            duplicated++;
            return SequenceOutcome.DUPLICATE;
        }
        if (sequence >= base + WINDOW) {
            declareLostBelow(sequence - WINDOW + 1, sink);
        }
        if (sequence > highest) {
            openWords(sequence, phaseId, nowMicros);
            highest = sequence;
        }
        int word = word(sequence);
        long bit = 1L << (sequence & 63);
        if ((seen[word] & bit) != 0) {
            duplicated++;
            return SequenceOutcome.DUPLICATE;
        }
        if (regressed) {
            outOfOrder++;
        }
        seen[word] |= bit;
        seenInWindow++;
        received++;
        advanceBase();
        return SequenceOutcome.RECEIVED;
    }

    /**
     * Makes {@code sequence} the start. Everything from the old start up to the base was received,
     * so it is marked seen again; the numbers between the new and the old start become gaps.
     */
    private void moveStartDownTo(long sequence, int phaseId, long nowMicros) {
        for (long s = first; s < base; s++) {
            seen[word(s)] |= 1L << (s & 63);
            seenInWindow++;
        }
        for (long w = sequence >>> 6; w <= (first - 1) >>> 6; w++) {
            int index = (int) (w & (WORDS - 1));
            if (w < first >>> 6 || highest < first) {
                wordOpenedMicros[index] = nowMicros;
                wordPhase[index] = phaseId;
            }
        }
        first = sequence;
        base = sequence;
        if (highest < first) {
            highest = sequence - 1;
        }
    }

    /** Declares lost every gap whose word opened more than {@code graceMicros} ago. */
    void expire(long nowMicros, long graceMicros, LossSink sink) {
        while (base <= highest && nowMicros - wordOpenedMicros[word(base)] > graceMicros) {
            declareLost(base, sink);
            base++;
            advanceBase();
        }
    }

    ProducerAccount account() {
        long pending = highest - base + 1 - seenInWindow;
        return new ProducerAccount(producerId, first, highest, received, pending, lost, duplicated, outOfOrder,
                beforeStart);
    }

    private boolean updatePartitionOrder(int partition, long sequence) {
        if (partition < 0) {
            return false;
        }
        if (partition >= lastByPartition.length) {
            int old = lastByPartition.length;
            lastByPartition = Arrays.copyOf(lastByPartition, Math.max(partition + 1, old * 2));
            Arrays.fill(lastByPartition, old, lastByPartition.length, -1L);
        }
        boolean regressed = sequence < lastByPartition[partition];
        if (!regressed) {
            lastByPartition[partition] = sequence;
        }
        return regressed;
    }

    private void openWords(long sequence, int phaseId, long nowMicros) {
        long fromWord = Math.max((highest + 1) >>> 6, (sequence >>> 6) - WORDS + 1);
        for (long w = fromWord; w <= sequence >>> 6; w++) {
            if (w > highest >>> 6 || highest < first) {
                int index = (int) (w & (WORDS - 1));
                wordOpenedMicros[index] = nowMicros;
                wordPhase[index] = phaseId;
            }
        }
    }

    private void declareLostBelow(long newBase, LossSink sink) {
        while (base < newBase) {
            if ((seen[word(base)] & (1L << (base & 63))) == 0) {
                declareLost(base, sink);
            } else {
                clear(base);
            }
            base++;
        }
    }

    private void declareLost(long sequence, LossSink sink) {
        lost++;
        sink.lost(wordPhase[word(sequence)]);
    }

    /** Moves the base over every number already seen, so it rests on the lowest gap. */
    private void advanceBase() {
        while (base <= highest && (seen[word(base)] & (1L << (base & 63))) != 0) {
            clear(base);
            base++;
        }
    }

    private void clear(long sequence) {
        seen[word(sequence)] &= ~(1L << (sequence & 63));
        seenInWindow--;
    }

    private static int word(long sequence) {
        return (int) ((sequence & WINDOW_MASK) >>> 6);
    }
}
