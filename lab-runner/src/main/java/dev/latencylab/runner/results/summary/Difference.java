package dev.latencylab.runner.results.summary;

/**
 * Whether two phases' figures differ by more than their noise: only ranges over repeats can tell,
 * so with a single run on either side the numbers stand with the reading's caution
 * ({@link TradeOffReading#SINGLE_RUN}) instead of a verdict.
 */
enum Difference {
    /** Both have a range over repeats and the two do not overlap. */
    APART,
    /** Both have a range and they overlap: no difference is measurable. */
    OVERLAP,
    /** One of them has too few values for a range. */
    ONE_RUN;

    /** Values a figure needs before its range can tell a difference from noise. */
    static final int RANGE = 2;

    static Difference of(Spread a, Spread b) {
        if (a.known() < RANGE || b.known() < RANGE) {
            return ONE_RUN;
        }
        return a.below(b) || b.below(a) ? APART : OVERLAP;
    }
}
