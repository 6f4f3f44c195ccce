package dev.latencylab.runner.diff;

import dev.latencylab.runner.results.Figure;
import dev.latencylab.runner.results.Figures;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The figures the diff knows by name, with their better direction ({@link Figures}): latency,
 * delays, CPU, requests and the counts of trouble are better lower; the achieved rate and batching
 * better higher; what only describes the load (samples, records sent) has no better direction. A
 * figure not listed (one a later runner adds to summary.json) is still diffed, under its key and
 * with no direction, so the diff never drops a figure it has not heard of.
 */
final class FigureCatalog {

    private FigureCatalog() {}

    static Figure of(String key) {
        return Figures.byKey(key);
    }

    /** The figure --fail-on names, by its name or its summary.json key: one the catalog knows or the runs hold. */
    static Optional<Figure> named(String name, Collection<String> keysInRuns) {
        return figures(keysInRuns).stream()
                .filter(f -> f.name().equals(name) || f.key().equals(name))
                .findFirst();
    }

    /** Every name --fail-on takes for these runs, in the catalog's order, then the runs' other figures. */
    static List<String> names(Collection<String> keysInRuns) {
        return figures(keysInRuns).stream().map(Figure::name).toList();
    }

    private static List<Figure> figures(Collection<String> keysInRuns) {
        Set<String> keys = new LinkedHashSet<>();
        Figures.listed().forEach(f -> keys.add(f.key()));
        keys.addAll(keysInRuns);
        return keys.stream().map(Figures::byKey).toList();
    }
}
