package dev.latencylab.runner.results.summary;

import dev.latencylab.api.settings.SettingsChange;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The report's sanity check: produce requests/s must fall as linger.ms rises between phases that
 * differ in nothing else (no other producer setting, nor the partitions written or the number of
 * producer instances); where they do not, the run's comparison is not to be trusted.
 */
final class SanityCheck {

    private SanityCheck() {}

    /** The outcome of the produce-request check; passed is null when no pair of phases allows it. */
    record Conclusion(String text, Boolean passed) {}

    /** {@code rows} are the run's phases, each repeat: what a phase ran on is its first repeat's. */
    static Conclusion of(List<PhaseSpread> phases, List<PhaseSummary> rows) {
        // Only phases that differ in linger alone are comparable: a different rate, acks, partition count or
        // number of producers changes requests by itself.
        // With repeats, each phase's median: the check is on the direction, not a verdict between phases.
        Function<PhaseSpread, Double> produce = p -> p.median(Figures.PRODUCE_RPS);
        Map<String, String> ranOn = new LinkedHashMap<>();
        rows.forEach(r -> ranOn.putIfAbsent(r.name(), ranOn(r)));
        // A phase with no repeat but one cut short is no point of a chain: its window was shorter.
        Map<List<Object>, List<PhaseSpread>> groups = phases.stream()
                .filter(p -> !p.partial() && produce.apply(p) != null)
                .collect(Collectors.groupingBy(
                        p -> List.of(p.settings().apply(SettingsChange.linger(0)), ranOn.getOrDefault(p.name(), "")),
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

    /** The partitions a phase wrote and how many producer instances drove it; empty when not known. */
    private static String ranOn(PhaseSummary row) {
        if (row.description() == null) {
            return "";
        }
        int partitions = row.description().partitions() == null
                ? 0
                : row.description().partitions().size();
        int producers = row.description().producers() == null
                ? 0
                : row.description().producers().size();
        return partitions + " partitions, " + Math.max(1, producers) + " producers";
    }
}
