package dev.latencylab.runner.diff;

import dev.latencylab.runner.results.summary.Figure;
import dev.latencylab.runner.results.summary.Figures;
import dev.latencylab.runner.results.summary.Fmt;
import dev.latencylab.runner.results.summary.Spread;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A --fail-on threshold: how much worse a figure may get from A to B in any matched phase,
 * absolute ({@code lost=0}: not one more) or relative to A ({@code e2e.p99=+10%}). The sign is
 * optional and must point the figure's worse way (+ for what is better lower, - for what is better
 * higher); for a figure with no better direction it is required and says which way fails.
 *
 * @param text the threshold as given
 * @param worseSign +1 when a rise fails, -1 when a fall fails
 */
record FailOn(String text, String key, String name, int worseSign, double amount, boolean percent) {

    private static final Pattern SPEC = Pattern.compile("([^=]+)=([+-]?)(\\d+(?:\\.\\d+)?)(%?)");

    /**
     * @param keysInRuns the figures the two runs hold, so a figure this runner does not know by name can be guarded by its key
     * @throws DiffException naming what is wrong, and listing the figure names when the figure is unknown
     */
    static FailOn parse(String text, Collection<String> keysInRuns) {
        Matcher m = SPEC.matcher(text.strip());
        if (!m.matches()) {
            throw new DiffException("--fail-on takes FIGURE=THRESHOLD, a number or a percentage "
                    + "(e2e.p99=+10%, lost=0); got '" + text + "'");
        }
        String figureName = m.group(1).strip();
        Figure figure = named(figureName, keysInRuns)
                .orElseThrow(() -> new DiffException("--fail-on " + text + ": unknown figure '" + figureName
                        + "'; known: " + String.join(", ", names(keysInRuns))));
        String sign = m.group(2);
        int worseSign = figure.better().worseSign();
        if (worseSign == 0 && sign.isEmpty()) {
            throw new DiffException("--fail-on " + text + ": " + figure.name() + " has no better direction; "
                    + "say which change fails with a sign: " + figure.name() + "=+" + m.group(3) + m.group(4)
                    + " (a rise) or " + figure.name() + "=-" + m.group(3) + m.group(4) + " (a fall)");
        }
        if (!sign.isEmpty()) {
            int given = sign.equals("+") ? 1 : -1;
            if (worseSign != 0 && given != worseSign) {
                throw new DiffException("--fail-on " + text + ": " + figure.name() + " is better "
                        + figure.better().word() + ", so only a " + (worseSign > 0 ? "rise" : "fall")
                        + " is worse; write " + figure.name() + "=" + (worseSign > 0 ? "+" : "-") + m.group(3)
                        + m.group(4));
            }
            worseSign = given;
        }
        return new FailOn(
                text.strip(),
                figure.key(),
                figure.name(),
                worseSign,
                Double.parseDouble(m.group(3)),
                !m.group(4).isEmpty());
    }

    /**
     * Whether a count of records is judged on each run's worst repeat as well as its median: the records
     * one repeat lost are not outvoted by the repeats that lost none, and a loss in every repeat of B is
     * not excused by one bad repeat of A (a latency's median stands for its repeats).
     */
    boolean onWorstRepeat() {
        return key.startsWith("counts.");
    }

    /** A run's worst repeat in the way this threshold fails: its highest where a rise fails, else its lowest. */
    private double worst(Spread s) {
        return worseSign > 0 ? s.max() : s.min();
    }

    /**
     * Where this change crosses the threshold: A's and B's medians when they do, else, for a count, each
     * run's worst repeat when those do; empty when neither does.
     */
    Optional<Crossed> crossing(FigureChange c) {
        if (crossedBy(c.a().median(), c.b().median())) {
            return Optional.of(new Crossed(c.a().median(), c.b().median(), false));
        }
        if (onWorstRepeat() && crossedBy(worst(c.a()), worst(c.b()))) {
            return Optional.of(new Crossed(worst(c.a()), worst(c.b()), true));
        }
        return Optional.empty();
    }

    /** A's and B's values that crossed the threshold, and whether they are each run's worst repeat (else medians). */
    record Crossed(double a, double b, boolean worstRepeat) {}

    boolean crossedBy(FigureChange c) {
        return crossing(c).isPresent();
    }

    /** Whether A to B is worse by more than the amount (a rise from 0 is infinitely worse in %). */
    boolean crossedBy(double a, double b) {
        double worse = (b - a) * worseSign;
        if (!percent) {
            return worse > amount;
        }
        if (worse <= 0) {
            return false;
        }
        return a == 0 || percentChange(a, b) * worseSign > amount;
    }

    /** B's change from A in percent of A; null from 0 (a rise from 0 is no percentage). */
    static Double percentChange(double a, double b) {
        return a == 0 ? null : (b - a) / Math.abs(a) * 100;
    }

    /** The threshold in words: "e2e.p99 may rise by at most 10%". */
    String meaning() {
        return String.format(
                Locale.ROOT,
                "%s may %s by at most %s%s%s",
                name,
                worseSign > 0 ? "rise" : "fall",
                Fmt.plain(amount),
                percent ? "%" : "",
                onWorstRepeat() ? ", on the median or each run's worst repeat" : "");
    }

    /** The figure named, by its name or its summary.json key: one the catalog lists or the runs hold. */
    private static Optional<Figure> named(String name, Collection<String> keysInRuns) {
        return figures(keysInRuns).stream()
                .filter(f -> f.name().equals(name) || f.key().equals(name))
                .findFirst();
    }

    /** Every name --fail-on takes for these runs, in the catalog's order, then the runs' other figures. */
    private static List<String> names(Collection<String> keysInRuns) {
        return figures(keysInRuns).stream().map(Figure::name).toList();
    }

    private static List<Figure> figures(Collection<String> keysInRuns) {
        Set<String> keys = new LinkedHashSet<>();
        Figures.listed().forEach(f -> keys.add(f.key()));
        keys.addAll(keysInRuns);
        return keys.stream().map(Figures::byKey).toList();
    }
}
