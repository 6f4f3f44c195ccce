package dev.latencylab.runner.compare;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * A figure over the rounds: its median, which a goal judges (one round that a broker's log roll or a
 * JIT pass spoiled moves a mean, not a median), and its range, printed beside it so a reader sees how
 * far apart the rounds were.
 */
record RoundSpread(double median, double min, double max, int rounds) {

    static RoundSpread of(double... values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no rounds");
        }
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        double median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
        return new RoundSpread(median, v[0], v[n - 1], n);
    }

    static <T> RoundSpread of(List<T> rounds, ToDoubleFunction<T> figure) {
        return of(rounds.stream().mapToDouble(figure).toArray());
    }

    /** The median of the rounds' figures where they have one; null where none has. */
    static <T> Double medianOf(List<T> rounds, Function<T, Double> figure) {
        double[] v = rounds.stream()
                .map(figure)
                .filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue)
                .toArray();
        return v.length == 0 ? null : of(v).median();
    }

    /** How many values lie further from the median than {@code margin} of it (0.05: five per cent). */
    static <T> long beyond(List<T> rounds, ToDoubleFunction<T> figure, double margin) {
        double median = of(rounds, figure).median();
        return rounds.stream()
                .mapToDouble(figure)
                .filter(v -> Math.abs(v - median) > margin * Math.abs(median))
                .count();
    }

    /** "median of 5 rounds, range 0.912 to 1.104", or "one round" */
    String describe() {
        return rounds == 1
                ? "one round"
                : String.format(
                        Locale.ROOT,
                        "median of %d rounds, range %s to %s",
                        rounds,
                        Numbers.ratio(min),
                        Numbers.ratio(max));
    }
}
