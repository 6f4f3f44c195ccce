package dev.latencylab.api.accounting;

/**
 * Who gave a phase id. The runner's ids are its run's start second (mod 2,000,000) times 1000 and
 * up, so they stay below {@link #FIRST_BY_HAND}; a change of settings by hand ({@code POST
 * /actuator/producer} naming no phase) takes the next id of the producer's own, from {@link
 * #FIRST_BY_HAND} up. 0 is no phase (a warm-up, or records without the lab header).
 *
 * <p>A phase by hand is timed like any other (its own histograms and series) but never counted in
 * the offset ledger, which holds the runner's phases: it is released by age, not by the runner, so
 * the consumer keeps the newest {@link #KEPT_BY_HAND} of them and drops the oldest.
 */
public final class PhaseIds {

    /** The first id a producer gives a change by hand; nothing the runner gives reaches it. */
    public static final int FIRST_BY_HAND = 2_000_000_000;

    /** Phases by hand a consumer-app instance holds at once (of its {@link AccountingLimits#MAX_LIVE_PHASES}). */
    public static final int KEPT_BY_HAND = 16;

    private PhaseIds() {}

    /** Whether {@code phase} is a producer's id for a change by hand. */
    public static boolean byHand(int phase) {
        return phase >= FIRST_BY_HAND;
    }

    /** The phase a record counts for in the offset ledger: a phase by hand counts there as no phase. */
    public static int counted(int phase) {
        return byHand(phase) ? 0 : phase;
    }
}
