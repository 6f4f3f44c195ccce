package dev.latencylab.api.accounting;

/**
 * The fixed capacities of the accounting, in one place (docs/contracts.md, "Limits"). The scenario
 * loader refuses a topic of more than {@link #MAX_PARTITIONS} partitions and a scenario that plans more
 * than {@link #MAX_PHASES_PER_RUN} phases. A run that reaches {@link #MAX_PARTITIONS}, {@link
 * #LEDGER_SEGMENTS}, {@link #MAX_LIVE_PHASES} or {@link #MAX_PHASES_PER_RUN} stops with an error
 * naming it; {@link #MAX_KEYS_PER_PHASE} and {@link #TRACKED_PRODUCERS} are counted instead and the
 * run goes on.
 *
 * <p>Closed phases are released once the runner has stored them, so the length of a run alone reaches
 * none of them. What a run can reach: {@link #MAX_KEYS_PER_PHASE} as a matter of course (order-id
 * keys); {@link #TRACKED_PRODUCERS} when more producer
 * instances than it (a restart is a new one) have written since the consumer-app started.
 */
public final class AccountingLimits {

    /** Partitions per topic the consumer's offset ledger holds (and the scenario loader accepts). */
    public static final int MAX_PARTITIONS = 10_000;

    /**
     * Offset segments a partition holds at once: a record whose phase id differs from the previous
     * record's in the partition opens one (a gap, a warm-up record or a consumer restart inside a phase
     * does not); when
     * room is needed, adjacent segments of released phases and warm-ups are merged into one.
     */
    public static final int LEDGER_SEGMENTS = 64;

    /**
     * Phases (warm-ups included) the consumer keeps histograms of at once, per consumer-app instance;
     * released phases free theirs. A record of a phase beyond it is counted in {@code skipped.tooManyPhases}.
     */
    public static final int MAX_LIVE_PHASES = 64;

    /**
     * Phases a run may have (rate-search steps and repeats included): a run's ids are its start second
     * times 1000 and up, so one more would take the next run's.
     */
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
     * the totals' {@code droppedProducers} and warned of in the run's report. 64: the 32 producer-apps
     * that 1.28 GB/s of 400 B records takes (docs/scale.md), each restarted once, at 1.125 MiB each
     * (72 MiB per consumer-app at most, allocated as producers are heard from).
     */
    public static final int TRACKED_PRODUCERS = 64;

    private AccountingLimits() {}
}
