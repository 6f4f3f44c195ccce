package dev.latencylab.runner.diff;

import dev.latencylab.runner.results.summary.Figure;
import dev.latencylab.runner.results.summary.Figures;
import dev.latencylab.runner.results.summary.Spread;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One matched phase: every figure both runs measured, compared; the figures only one of them has
 * (by name); how the two phases' setups differ, if they do, and what of them only one run records.
 *
 * @param setup what A's phase ran on (the setup both share when they are alike)
 */
record PhaseDiff(
        String name,
        int repeatsA,
        int repeatsB,
        boolean partialA,
        boolean partialB,
        Map<String, String> setup,
        List<String> setupDifferences,
        List<String> unchecked,
        List<FigureChange> figures,
        List<String> onlyInA,
        List<String> onlyInB) {

    PhaseDiff {
        setup = Collections.unmodifiableMap(new LinkedHashMap<>(setup));
        setupDifferences = List.copyOf(setupDifferences);
        unchecked = List.copyOf(unchecked);
        figures = List.copyOf(figures);
        onlyInA = List.copyOf(onlyInA);
        onlyInB = List.copyOf(onlyInB);
    }

    /** Figures in A's order, then those only B's phase has; a figure neither measured is left out. */
    static PhaseDiff of(PhaseMatching.Match m) {
        Set<String> keys = new LinkedHashSet<>(m.a().figures().keySet());
        keys.addAll(m.b().figures().keySet());
        List<FigureChange> figures = new ArrayList<>();
        List<String> onlyInA = new ArrayList<>();
        List<String> onlyInB = new ArrayList<>();
        for (String key : keys) {
            Figure f = Figures.byKey(key);
            Spread a = m.a().figure(key);
            Spread b = m.b().figure(key);
            if (a != null && b != null) {
                figures.add(FigureChange.of(f, a, b));
            } else if (a != null) {
                onlyInA.add(f.name());
            } else if (b != null) {
                onlyInB.add(f.name());
            }
        }
        return new PhaseDiff(
                m.name(),
                m.a().repeats(),
                m.b().repeats(),
                m.a().partial(),
                m.b().partial(),
                m.a().setup(),
                m.setupDifferences(),
                m.unchecked(),
                figures,
                onlyInA,
                onlyInB);
    }

    long count(FigureChange.Movement verdict) {
        return figures.stream().filter(f -> f.verdict() == verdict).count();
    }

    FigureChange figure(String key) {
        return figures.stream().filter(f -> f.key().equals(key)).findFirst().orElse(null);
    }
}
