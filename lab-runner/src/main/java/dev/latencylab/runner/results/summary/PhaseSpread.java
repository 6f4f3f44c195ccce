package dev.latencylab.runner.results.summary;

import dev.latencylab.api.settings.ProducerSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One scenario phase across the run's repeats: every figure of its rows ({@link Figures}) as a
 * {@link Spread}. {@code repeats} is how many of its repeats it spans: those that ran their whole window,
 * a repeat cut short (a shorter window, counts not final) being no value of the same thing; only a phase
 * with none whole spans what it has, {@code partial}.
 */
public record PhaseSpread(
        String name, ProducerSettings settings, int repeats, boolean partial, Map<String, Spread> figures) {

    public PhaseSpread {
        figures = figures == null ? Map.of() : new LinkedHashMap<>(figures);
    }

    /**
     * One spread per scenario phase, in {@code order} (the scenario's phase names; names not in it
     * follow in the order the rows first show them).
     */
    static List<PhaseSpread> of(List<PhaseSummary> rows, List<String> order) {
        Map<String, List<PhaseSummary>> byName = new LinkedHashMap<>();
        order.forEach(n -> byName.put(n, new ArrayList<>()));
        rows.forEach(
                r -> byName.computeIfAbsent(r.name(), n -> new ArrayList<>()).add(r));
        List<PhaseSpread> spreads = new ArrayList<>();
        byName.forEach((name, repeats) -> {
            List<PhaseSummary> whole =
                    repeats.stream().filter(PhaseSummary::complete).toList();
            if (!whole.isEmpty()) {
                spreads.add(of(name, whole, false));
            } else if (!repeats.isEmpty()) {
                spreads.add(of(name, repeats, true));
            }
        });
        return spreads;
    }

    private static PhaseSpread of(String name, List<PhaseSummary> repeats, boolean partial) {
        List<Map<String, Double>> each = repeats.stream().map(Figures::of).toList();
        Map<String, Spread> figures = new LinkedHashMap<>();
        for (Map<String, Double> f : each) {
            for (String key : f.keySet()) {
                figures.computeIfAbsent(
                        key, k -> Spread.of(each.stream().map(m -> m.get(k)).toList()));
            }
        }
        return new PhaseSpread(name, repeats.get(0).settings(), repeats.size(), partial, figures);
    }

    /** The figure's spread; an empty one when no repeat has the figure. */
    public Spread spread(String key) {
        Spread s = figures.get(key);
        return s != null ? s : Spread.of(List.of());
    }

    public Double median(String key) {
        return spread(key).median();
    }
}
