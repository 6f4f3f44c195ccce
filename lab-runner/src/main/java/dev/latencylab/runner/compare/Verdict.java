package dev.latencylab.runner.compare;

/**
 * A ratio against its goal, with the words that say so. {@code low}/{@code high} bound the true
 * ratio when a figure is known only to a resolution (EndToEndLatency's whole milliseconds); both
 * equal {@code ratio} otherwise. {@code ratio} and {@code high} are null when they cannot be
 * computed (a zero in the denominator).
 */
record Verdict(String goal, Double ratio, Double low, Double high, Standing status, String text) {

    /** A figure known exactly: met or missed, its bounds the figure itself. */
    static Verdict exact(String goal, double ratio, boolean met, String text) {
        return new Verdict(goal, ratio, ratio, ratio, met ? Standing.MET : Standing.MISSED, text);
    }

    /** No figure to judge (a zero in the denominator). */
    static Verdict notJudged(String goal, String text) {
        return new Verdict(goal, null, null, null, Standing.UNDECIDED, text);
    }

    public enum Standing {
        /** The goal holds even at the unfavourable end of the figures' resolution. */
        MET,
        /** The goal fails even at the favourable end. */
        MISSED,
        /** Not met on the printed figures, but within their resolution it could be: a miss is not hidden, nor overstated. */
        UNDECIDED
    }
}
