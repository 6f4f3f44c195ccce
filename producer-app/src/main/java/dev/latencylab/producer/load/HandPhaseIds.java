package dev.latencylab.producer.load;

import dev.latencylab.api.accounting.PhaseIds;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The ids this producer-app gives its changes by hand, counting up from a random start in the
 * space above the runner's ({@link PhaseIds#FIRST_BY_HAND}): two instances switched apart by hand
 * write to one consumer group, and a shared start would merge their different settings into one
 * phase. Used by the sender thread only.
 */
final class HandPhaseIds {

    /** How many ids there are above the runner's: 147 million switches go by before one comes round again. */
    private static final int SPACE = Integer.MAX_VALUE - PhaseIds.FIRST_BY_HAND + 1;

    private int next;

    HandPhaseIds() {
        this(ThreadLocalRandom.current().nextInt(SPACE / 2));
    }

    /** @param offset where in the space above the runner's ids this instance starts */
    HandPhaseIds(int offset) {
        this.next = PhaseIds.FIRST_BY_HAND + Math.floorMod(offset, SPACE);
    }

    int next() {
        int id = next;
        next = id == Integer.MAX_VALUE ? PhaseIds.FIRST_BY_HAND : id + 1;
        return id;
    }
}
