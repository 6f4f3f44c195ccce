package dev.latencylab.runner.compare;

import java.util.List;
import java.util.function.ToDoubleFunction;

/** A figure's mean over the comparison's rounds, the one way the verdicts and the report both take it. */
final class Means {

    private Means() {}

    /** @throws java.util.NoSuchElementException when there are no rounds: callers check first */
    static <T> double of(List<T> rounds, ToDoubleFunction<T> figure) {
        return rounds.stream().mapToDouble(figure).average().orElseThrow();
    }
}
