package dev.latencylab.runner.results.summary;

import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * One sentence of the reading: which phase had the lowest median of a figure, and whether that
 * is measurably lower than the baseline (or the next best) given the ranges over the repeats; the
 * phases without a value are named, as they were not compared.
 */
final class LowestFigure {

    private LowestFigure() {}

    /**
     * Which phase had the lowest median of a figure and how it compares with the baseline (or, when
     * the baseline is lowest, with the next best): a measurable difference only where the two
     * ranges over the repeats do not overlap.
     */
    static String sentence(
            List<PhaseSpread> phases,
            PhaseSpread base,
            String what,
            String key,
            Function<Double, String> fmt,
            String unit) {
        List<PhaseSpread> known =
                phases.stream().filter(p -> p.median(key) != null).toList();
        if (known.isEmpty()) {
            return TradeOffReading.capitalize(what) + ": n/a in every phase.";
        }
        if (known.size() == 1) {
            PhaseSpread only = known.get(0);
            return TradeOffReading.capitalize(what) + " is known only for " + only.name() + " ("
                    + show(only, key, fmt, unit) + ").";
        }
        String said = compared(known, base, what, key, fmt, unit);
        // A phase with no value may have been lower still: the sentence names what it did not compare.
        List<String> unknown = phases.stream()
                .filter(p -> p.median(key) == null && p != base)
                .map(PhaseSpread::name)
                .toList();
        return unknown.isEmpty()
                ? said
                : said.substring(0, said.length() - 1) + " (n/a for " + String.join(", ", unknown) + ", not compared).";
    }

    private static String compared(
            List<PhaseSpread> known,
            PhaseSpread base,
            String what,
            String key,
            Function<Double, String> fmt,
            String unit) {
        Comparator<PhaseSpread> byMedian = Comparator.comparing(p -> p.median(key));
        PhaseSpread best = known.stream().min(byMedian).orElseThrow();
        if (best != base && base.median(key) == null) {
            return TradeOffReading.capitalize(what) + " was lowest in " + best.name() + " ("
                    + show(best, key, fmt, unit) + "); " + base.name() + " has no value to compare with.";
        }
        PhaseSpread other = best != base
                ? base
                : known.stream().filter(p -> p != base).min(byMedian).orElseThrow();
        Spread b = best.spread(key);
        Spread o = other.spread(key);
        Difference d = Difference.of(b, o);
        if (d == Difference.OVERLAP) {
            return TradeOffReading.capitalize(what) + ": no difference measurable between " + best.name() + " ("
                    + show(best, key, fmt, unit) + ", the lowest median) and " + (best == base ? "the next best, " : "")
                    + other.name() + " (" + show(other, key, fmt, unit) + "): their ranges overlap.";
        }
        String apart = d == Difference.APART ? "; their ranges do not overlap." : ".";
        String head = TradeOffReading.capitalize(what) + " was lowest in " + best.name() + " ("
                + show(best, key, fmt, unit) + ")";
        double bv = b.median();
        double ov = o.median();
        if (best == base) {
            return head + ", the baseline itself; the next best, " + other.name() + " (" + show(other, key, fmt, unit)
                    + "), was " + above(ov, bv) + apart;
        }
        String rel = Fmt.relative(bv, ov);
        return head + ", " + (rel.equals("the same") ? "the same as" : rel + " than") + " " + base.name() + "'s "
                + show(base, key, fmt, unit) + apart;
    }

    /** A phase's figure: its value after one run, its median and range after several. */
    static String show(PhaseSpread p, String key, Function<Double, String> fmt, String unit) {
        Spread s = p.spread(key);
        if (s.known() < Difference.RANGE) {
            return fmt.apply(s.median()) + unit;
        }
        return "median " + fmt.apply(s.median()) + unit + ", " + fmt.apply(s.min()) + ".." + fmt.apply(s.max())
                + " over " + s.known() + " repeats";
    }

    private static String above(double value, double base) {
        String rel = Fmt.relative(value, base);
        if (rel.equals("the same")) {
            return "practically the same";
        }
        return rel.endsWith("x") ? rel + " as much" : rel;
    }
}
