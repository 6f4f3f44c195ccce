package dev.latencylab.runner.results.summary;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The report's sanity check: produce requests/s must fall as linger.ms rises between phases that
 * differ in nothing else; where they do not, the run's comparison is not to be trusted.
 */
final class SanityCheck {

    private SanityCheck() {}

    /** The outcome of the produce-request check; passed is null when no pair of phases allows it. */
    record Conclusion(String text, Boolean passed) {}

    static Conclusion of(List<PhaseSpread> phases) {
        // Only phases that differ in linger alone are comparable: a different rate changes requests by itself.
        // With repeats, each phase's median: the check is on the direction, not a verdict between phases.
        Function<PhaseSpread, Double> produce = p -> p.median(Figures.PRODUCE_RPS);
        Map<String, List<PhaseSpread>> groups = phases.stream()
                .filter(p -> produce.apply(p) != null)
                .collect(Collectors.groupingBy(
                        p -> p.settings().batchSize() + "/" + p.settings().compression() + "/"
                                + p.settings().rate() + "/" + p.settings().payloadBytes(),
                        LinkedHashMap::new,
                        Collectors.toList()));
        List<String> steps = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (List<PhaseSpread> group : groups.values()) {
            List<PhaseSpread> sorted = group.stream()
                    .sorted(Comparator.comparingInt(p -> p.settings().lingerMs()))
                    .toList();
            StringBuilder chain = new StringBuilder();
            for (int i = 0; i < sorted.size(); i++) {
                PhaseSpread p = sorted.get(i);
                chain.append(i == 0 ? "" : " -> ")
                        .append(p.settings().lingerMs())
                        .append(" ms: ")
                        .append(Fmt.rate(produce.apply(p)))
                        .append("/s");
                if (i == 0) {
                    continue;
                }
                PhaseSpread prev = sorted.get(i - 1);
                if (prev.settings().lingerMs() == p.settings().lingerMs()) {
                    continue;
                }
                double a = produce.apply(prev);
                double b = produce.apply(p);
                if (!(b < a)) {
                    failures.add("from linger.ms " + prev.settings().lingerMs() + " (" + prev.name() + ", "
                            + Fmt.rate(a)
                            + "/s) to " + p.settings().lingerMs() + " (" + p.name() + ", " + Fmt.rate(b) + "/s) they "
                            + (b == a
                                    ? "stayed the same"
                                    : "rose " + Fmt.relative(b, a).replace(" higher", "")));
                }
            }
            if (sorted.stream().map(p -> p.settings().lingerMs()).distinct().count() > 1) {
                steps.add(chain.toString());
            }
        }
        if (steps.isEmpty()) {
            return new Conclusion(
                    "Sanity check not possible: no two phases differ only in linger.ms and have produce request rates from Prometheus.",
                    null);
        }
        if (failures.isEmpty()) {
            return new Conclusion(
                    "Sanity check passed: produce requests/s fell at every linger step (" + String.join("; ", steps)
                            + ").",
                    true);
        }
        return new Conclusion(
                "Sanity check FAILED: produce requests/s should fall as linger.ms rises, but "
                        + String.join("; ", failures)
                        + ". Do not trust this run's comparison until that is explained (did the producer apply each setting? did Prometheus scrape the brokers in every phase?).",
                false);
    }
}
