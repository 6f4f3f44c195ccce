package dev.latencylab.runner.results.summary;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * One figure of one scenario phase across its repeats: the median and the full range (min..max)
 * of the repeats' values, and the values themselves in repeat order (null where a repeat has none).
 * Nothing is dropped as an outlier: with a handful of repeats there is no telling an outlier from
 * the spread, and the range is what a difference has to clear. Public for the diff of two runs,
 * which reads these from summary.json and judges changes against them.
 */
public record Spread(Double median, Double min, Double max, List<Double> values) {

    /** What "spread" means in summary.json and summary.md. */
    static final String MEANING = "min..max: the lowest and the highest of the repeats' values (none dropped); "
            + "median: the middle value (the mean of the middle two for an even count)";

    public Spread {
        values = values == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(values));
    }

    public static Spread of(List<Double> values) {
        List<Double> known = values.stream()
                .filter(Objects::nonNull)
                .filter(Double::isFinite)
                .sorted()
                .toList();
        if (known.isEmpty()) {
            return new Spread(null, null, null, values);
        }
        int n = known.size();
        double median = n % 2 == 1 ? known.get(n / 2) : (known.get(n / 2 - 1) + known.get(n / 2)) / 2;
        return new Spread(median, known.get(0), known.get(n - 1), values);
    }

    /** How many repeats had a value. */
    public int known() {
        return (int)
                values.stream().filter(v -> v != null && Double.isFinite(v)).count();
    }

    /** The median and the range, "4.21 (3.90..4.80)"; the median alone where the repeats agree to the precision shown. */
    public String shown(Function<Double, String> fmt) {
        String low = fmt.apply(min);
        String high = fmt.apply(max);
        if (known() <= 1 || low.equals(high)) {
            return fmt.apply(median);
        }
        return fmt.apply(median) + " (" + low + ".." + high + ")";
    }

    /** True when this range lies wholly below the other's: the two cannot be the same figure plus noise. */
    boolean below(Spread other) {
        return max != null && other.min != null && max < other.min;
    }
}
