package dev.latencylab.runner.diff;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.latencylab.runner.results.summary.Better;
import dev.latencylab.runner.results.summary.Figure;
import dev.latencylab.runner.results.summary.Spread;
import java.util.Locale;

/**
 * One figure of one matched phase, A against B: each run's median over its repeats with its
 * range, the change of the median (B - A, and as a percentage of A; null when A is 0), how the
 * change stands against the spread of the repeats, and the verdict in the figure's better
 * direction.
 */
record FigureChange(
        String key,
        String name,
        String label,
        Better better,
        Spread a,
        Spread b,
        double change,
        Double changePercent,
        SpreadCheck spread,
        Movement verdict) {

    /** How a change stands against the runs' ranges (min..max over each run's repeats). */
    enum SpreadCheck {
        /** The ranges do not overlap: the change is larger than what repeating the same run moved the figure. */
        BEYOND("beyond spread"),
        /** The ranges overlap: repeating one run moved the figure as much as the change. */
        WITHIN("within spread"),
        /** Neither run measured the figure more than once: nothing says how much it moves by itself. */
        NONE("no spread measured");

        private final String text;

        SpreadCheck(String text) {
            this.text = text;
        }

        @JsonValue
        String text() {
            return text;
        }
    }

    enum Movement {
        SAME,
        WITHIN_SPREAD,
        WORSE,
        BETTER,
        /** A figure with no better direction moved. */
        HIGHER,
        LOWER;

        @JsonValue
        String text() {
            return name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }
    }

    /** Both spreads must hold a median. */
    static FigureChange of(Figure f, Spread a, Spread b) {
        double change = b.median() - a.median();
        Double percent = a.median() == 0 ? null : change / Math.abs(a.median()) * 100;
        SpreadCheck spread = spread(a, b);
        return new FigureChange(
                f.key(), f.name(), f.label(), f.better(), a, b, change, percent, spread, verdict(f, change, spread));
    }

    /**
     * Beyond when the ranges do not overlap. With repeats on one side only, the other run's one
     * value is its range: B's single value outside A's range is beyond A's spread.
     */
    static SpreadCheck spread(Spread a, Spread b) {
        if (a.known() < 2 && b.known() < 2) {
            return SpreadCheck.NONE;
        }
        return b.min() > a.max() || b.max() < a.min() ? SpreadCheck.BEYOND : SpreadCheck.WITHIN;
    }

    private static Movement verdict(Figure f, double change, SpreadCheck spread) {
        if (change == 0) {
            return Movement.SAME;
        }
        if (spread == SpreadCheck.WITHIN) {
            return Movement.WITHIN_SPREAD;
        }
        if (f.better() == Better.NONE) {
            return change > 0 ? Movement.HIGHER : Movement.LOWER;
        }
        return change * f.better().worseSign() > 0 ? Movement.WORSE : Movement.BETTER;
    }
}
