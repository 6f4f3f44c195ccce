package dev.latencylab.core.latency;

import dev.latencylab.core.accounting.SequenceOutcome;

/** The recorder's {@link LifetimeCounts} as they are counted: only ever raised. Guarded by the recorder's lock. */
final class LifetimeTally {

    private long received;
    private long lostDeclared;
    private long late;
    private long duplicated;
    private long redelivered;
    private long outOfOrder;
    private long noHeader;
    private long badHeader;
    private long badPayload;

    void outcome(SequenceOutcome outcome) {
        if (outcome.isFirstArrival()) {
            received++;
        }
        switch (outcome) {
            case LATE -> late++;
            case DUPLICATE -> duplicated++;
            case OUT_OF_ORDER -> outOfOrder++;
            default -> {}
        }
    }

    void redelivered() {
        redelivered++;
    }

    void lostDeclared(long count) {
        if (count > 0) {
            lostDeclared += count;
        }
    }

    void noHeader() {
        noHeader++;
    }

    void badHeader() {
        badHeader++;
    }

    void badPayload() {
        badPayload++;
    }

    LifetimeCounts counts() {
        return new LifetimeCounts(
                received, lostDeclared, late, duplicated, redelivered, outOfOrder, noHeader, badHeader, badPayload);
    }
}
