package dev.latencylab.core.accounting;

import dev.latencylab.api.latency.ProducerTrack;
import java.util.Arrays;
import java.util.UUID;

/**
 * Loss, duplicate and order accounting for one producer's sequence numbers, in fixed memory.
 *
 * <p>Records reach the consumer out of sequence order as a matter of course: the producer's
 * single sequence is spread over partitions that are fetched independently. So a missing
 * number is only a gap until a grace period has passed since a higher number arrived; then it
 * counts as lost (and as late, not lost, if it turns up after all). A bitmap ring of
 * {@link #WINDOW} numbers above the lowest open gap remembers what arrived, a second one what
 * was declared lost below it; numbers pushed out of the window unseen count as lost at once.
 * Memory is 1.125 MiB per producer whatever the run's length: four arrays of {@link #WINDOW} / 64 longs
 * (what arrived, what was declared lost, each word's gap age, what is unobserved) and one of as many ints
 * (each word's phase).
 *
 * <p>Gap ages are kept per 64-number word: the time the highest number last moved within or
 * past the word. That errs late by at most one word's span, never early.
 *
 * <p>Where tracking starts is blurred by the interleaving: the first record seen may not be the
 * lowest one in flight. So for one grace period after the first record, a lower number moves
 * the start down to it instead of counting as "before start". Resetting the counts keeps the
 * bitmaps, so a reset in the middle of a stream invents no gaps.
 *
 * <p>A consumer that joins while records flow, or restarts from its group's committed offsets,
 * starts each partition at its own point of the stream; a number below a partition's start was
 * never going to be read, and is not lost. Which partition a missing number went to is unknown,
 * but every number at or above the highest of the partitions' first numbers (the horizon) lies
 * after every partition's start, so it must arrive. Gaps below the horizon are therefore counted
 * as {@code unobserved}, never as lost. The horizon moves only during the first grace period:
 * later, a partition's first record (a rebalance) must not hide real losses.
 *
 * <p>An instance that shares a topic's partitions with other members of its group sees only
 * part of each producer's sequence: while {@link #shared(boolean) shared}, gaps are unobserved.
 *
 * <p>Out of order means out of order within a partition: that, unlike interleaving across
 * partitions, breaks a Kafka guarantee. Not thread-safe; {@link SequenceTracker} guards it.
 */
final class SequenceWindow {

    /** 2^21 numbers: more than 10 s (the default grace) at the producer's maximum rate of 200,000/s. */
    static final int WINDOW = 1 << 21;

    private static final int WORDS = WINDOW / 64;
    private static final long WINDOW_MASK = WINDOW - 1;

    private final UUID producerId;
    private final long[] seen = new long[WORDS];
    /** Numbers below the base that were declared lost, so a late arrival is told from a duplicate. */
    private final long[] declaredLost = new long[WORDS];

    private final long[] wordStampMicros = new long[WORDS];
    private final int[] wordPhase = new int[WORDS];
    /** Numbers below the base that were missing below the horizon: a late arrival is a first arrival. */
    private final long[] unobservedBits = new long[WORDS];

    private long[] lastByPartition = new long[0];
    private long[] firstByPartition = new long[0];
    private long horizon = Long.MIN_VALUE;
    /** This instance reads only some partitions of a group's topic: a gap may be another member's record. */
    private boolean shared;
    /** When the horizon last started moving: the first record, or the first after sharing ended. */
    private long horizonOpenedMicros;

    private boolean reopenHorizon;

    private final long startedMicros;
    private long first;
    private long base;
    private long highest;
    private long seenInWindow;
    private long received;
    private long lost;
    private long late;
    private long duplicated;
    private long outOfOrder;
    private long beforeStart;
    private long unobserved;

    SequenceWindow(UUID producerId, long firstSequence, long startedMicros) {
        this.producerId = producerId;
        this.startedMicros = startedMicros;
        this.horizonOpenedMicros = startedMicros;
        this.first = firstSequence;
        this.base = firstSequence;
        this.highest = firstSequence - 1;
    }

    SequenceOutcome record(long sequence, int partition, int phaseId, long nowMicros, long graceMicros, LossSink sink) {
        if (sequence < first
                && nowMicros - startedMicros <= graceMicros
                && highest - sequence < WINDOW
                && base - sequence < WINDOW) {
            moveStartDownTo(sequence, phaseId, nowMicros);
        }
        if (horizonOpen(nowMicros, graceMicros)) {
            moveHorizon(partition, sequence);
        }
        if (sequence < first) {
            beforeStart++;
            return SequenceOutcome.BEFORE_START;
        }
        boolean regressed = updatePartitionOrder(partition, sequence);
        if (sequence < base) {
            return belowBase(sequence, sink);
        }
        if (sequence >= base + WINDOW) {
            declareLostBelow(sequence - WINDOW + 1, phaseId, sink);
        }
        if (sequence > highest) {
            stampWords(sequence, phaseId, nowMicros);
            highest = sequence;
        }
        int word = word(sequence);
        long bit = bit(sequence);
        if ((seen[word] & bit) != 0) {
            duplicated++;
            return SequenceOutcome.DUPLICATE;
        }
        seen[word] |= bit;
        seenInWindow++;
        received++;
        advanceBase();
        if (regressed) {
            outOfOrder++;
            return SequenceOutcome.OUT_OF_ORDER;
        }
        return SequenceOutcome.RECEIVED;
    }

    /** Declares lost every gap whose word was last stamped more than {@code graceMicros} ago. */
    void expire(long nowMicros, long graceMicros, LossSink sink) {
        while (base <= highest && nowMicros - wordStampMicros[word(base)] > graceMicros) {
            declareLost(base, sink);
            base++;
            advanceBase();
        }
    }

    /**
     * While shared, a missing number may have gone to a partition another member of the group
     * reads: it cannot be judged here, so it counts as unobserved, never as lost (the group's
     * offset ledger judges loss exactly). A number that turns up later is a first arrival.
     */
    void shared(boolean shared) {
        if (this.shared && !shared) {
            // The gaps open now may be records the other members read before they left, and so
            // may numbers above the highest seen here: as at the start, each partition's first
            // number in the next grace period raises the horizon, below which gaps are unobserved.
            horizon = Math.max(horizon, highest + 1);
            Arrays.fill(firstByPartition, -1L);
            reopenHorizon = true;
        }
        this.shared = shared;
    }

    /** Zeroes the counts but keeps what arrived: counting restarts at the lowest open gap. */
    void resetCounts() {
        first = base;
        received = lost = late = duplicated = outOfOrder = beforeStart = unobserved = 0;
    }

    ProducerTrack account() {
        long pending = highest - base + 1 - seenInWindow;
        return new ProducerTrack(
                producerId,
                first,
                highest,
                received,
                pending,
                lost,
                late,
                duplicated,
                outOfOrder,
                beforeStart,
                unobserved);
    }

    private SequenceOutcome belowBase(long sequence, LossSink sink) {
        if (base - sequence > WINDOW) {
            // Too far below to remember: it came at an offset the group had not processed (the
            // ledger said so), from a partition far behind the others, so it is a first arrival.
            // A copy the producer wrote twice sits next to its original, never this far.
            received++;
            return SequenceOutcome.RECEIVED;
        }
        if (base - sequence <= WINDOW && (declaredLost[word(sequence)] & bit(sequence)) != 0) {
            declaredLost[word(sequence)] &= ~bit(sequence);
            lost--;
            late++;
            received++;
            sink.lost(wordPhase[word(sequence)], -1);
            return SequenceOutcome.LATE;
        }
        if (base - sequence <= WINDOW && (unobservedBits[word(sequence)] & bit(sequence)) != 0) {
            // Below the horizon and later than the grace: a first arrival all the same.
            unobservedBits[word(sequence)] &= ~bit(sequence);
            if (unobserved > 0) {
                unobserved--;
            }
            received++;
            return SequenceOutcome.RECEIVED;
        }
        duplicated++;
        return SequenceOutcome.DUPLICATE;
    }

    /**
     * Makes {@code sequence} the start. Everything from the old start up to the base was received,
     * so it is marked seen again; the numbers between the new and the old start become gaps.
     */
    private void moveStartDownTo(long sequence, int phaseId, long nowMicros) {
        for (long s = first; s < base; s++) {
            seen[word(s)] |= bit(s);
            declaredLost[word(s)] &= ~bit(s);
            unobservedBits[word(s)] &= ~bit(s);
            seenInWindow++;
        }
        for (long w = sequence >>> 6; w <= first >>> 6; w++) {
            int index = (int) (w & (WORDS - 1));
            wordStampMicros[index] = nowMicros;
            if (w < first >>> 6 || highest < first) {
                wordPhase[index] = phaseId;
            }
        }
        first = sequence;
        base = sequence;
        if (highest < first) {
            highest = sequence - 1;
        }
    }

    private boolean horizonOpen(long nowMicros, long graceMicros) {
        if (reopenHorizon) {
            reopenHorizon = false;
            horizonOpenedMicros = nowMicros;
        }
        return nowMicros - horizonOpenedMicros <= graceMicros;
    }

    /** A partition's first number during the first grace period raises the horizon to it. */
    private void moveHorizon(int partition, long sequence) {
        if (partition < 0) {
            return;
        }
        if (partition >= firstByPartition.length) {
            int old = firstByPartition.length;
            firstByPartition = Arrays.copyOf(firstByPartition, Math.max(partition + 1, old * 2));
            Arrays.fill(firstByPartition, old, firstByPartition.length, -1L);
        }
        if (firstByPartition[partition] < 0) {
            firstByPartition[partition] = sequence;
            horizon = Math.max(horizon, sequence);
        }
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

    /** Stamps the words from the highest number's (it moves on within it) to the new highest's. */
    private void stampWords(long sequence, int phaseId, long nowMicros) {
        long oldWord = highest < first ? -1 : highest >>> 6;
        long fromWord = Math.max(Math.max(oldWord, 0), (sequence >>> 6) - WORDS + 1);
        for (long w = fromWord; w <= sequence >>> 6; w++) {
            int index = (int) (w & (WORDS - 1));
            wordStampMicros[index] = nowMicros;
            if (w > oldWord) {
                wordPhase[index] = phaseId;
            }
        }
    }

    /** Moves the base up to {@code newBase}, declaring lost what did not arrive. */
    private void declareLostBelow(long newBase, int phaseId, LossSink sink) {
        long end = Math.min(newBase, highest + 1);
        while (base < end) {
            if ((seen[word(base)] & bit(base)) == 0) {
                declareLost(base, sink);
            } else {
                clearSeen(base);
            }
            base++;
        }
        if (base < newBase) {
            // Numbers never in the window (a jump far above everything seen): lost in one step,
            // but for those below the horizon, which no partition was going to deliver.
            long below = shared ? newBase - base : Math.max(0, Math.min(newBase, horizon) - base);
            unobserved += below;
            long skipped = newBase - base - below;
            if (skipped > 0) {
                lost += skipped;
                sink.lost(phaseId, skipped);
            }
            base = newBase;
        }
    }

    private void declareLost(long sequence, LossSink sink) {
        if (sequence < horizon || shared) {
            unobserved++;
            unobservedBits[word(sequence)] |= bit(sequence);
            return;
        }
        lost++;
        declaredLost[word(sequence)] |= bit(sequence);
        sink.lost(wordPhase[word(sequence)], 1);
    }

    /** Moves the base over every number already seen, so it rests on the lowest gap. */
    private void advanceBase() {
        while (base <= highest && (seen[word(base)] & bit(base)) != 0) {
            clearSeen(base);
            base++;
        }
    }

    /** The base passes a received number: its slot is free for the number WINDOW above. */
    private void clearSeen(long sequence) {
        seen[word(sequence)] &= ~bit(sequence);
        declaredLost[word(sequence)] &= ~bit(sequence);
        unobservedBits[word(sequence)] &= ~bit(sequence);
        seenInWindow--;
    }

    private static int word(long sequence) {
        return (int) ((sequence & WINDOW_MASK) >>> 6);
    }

    private static long bit(long sequence) {
        return 1L << (sequence & 63);
    }
}
