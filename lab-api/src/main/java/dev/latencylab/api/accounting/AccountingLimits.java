package dev.latencylab.api.accounting;

/**
 * The fixed capacities of the accounting, in one place: the scenario loader refuses up front what
 * can never fit, and a run that reaches one anyway stops with an error naming it (docs/contracts.md,
 * "Limits"). None of them but {@link #MAX_KEYS_PER_PHASE} is reached by a run that the runner drives,
 * however long: closed phases are released once the runner has stored them.
 */
public final class AccountingLimits {

    /** Partitions per topic the consumer's offset ledger holds (and the scenario loader accepts). */
    public static final int MAX_PARTITIONS = 10_000;

    /**
     * Offset segments a partition holds at once: each phase, warm-up, offset gap and restart opens
     * one; the segments of released phases and warm-ups are merged into one when room is needed.
     */
    public static final int LEDGER_SEGMENTS = 64;

    /** Phases (warm-ups included) the consumer keeps histograms of at once; released phases free theirs. */
    public static final int MAX_LIVE_PHASES = 64;

    /** Phases a run may have (rate-search steps and repeats included): phase ids leave room for as many. */
    public static final int MAX_PHASES_PER_RUN = 999;

    /**
     * Keys (per producer instance) a phase's per-key order is tracked for, per consumer-app instance:
     * the records of keys beyond it are counted as untracked, not checked ({@code KeyOrder}). The
     * customer-id keys are 10,000; each order id is a key of its own, so such a phase fills it.
     */
    public static final int MAX_KEYS_PER_PHASE = 16_384;

    /**
     * Producer instances (a producer-app restarted is a new one) the consumer tracks the sequence numbers
     * of at once, per consumer-app instance: one more drops the least recently heard-from, counted in
     * the totals' {@code droppedProducers} and warned of in the run's report.
     */
    public static final int TRACKED_PRODUCERS = 16;

    private AccountingLimits() {}
}
