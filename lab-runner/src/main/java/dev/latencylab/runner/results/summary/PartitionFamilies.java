package dev.latencylab.runner.results.summary;

import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The partitions scenario's shape: scenario phases with the same producer settings (keys, rate,
 * the rest) on topics of different partition counts. Each family is one set of settings with its
 * phases by partition count, ascending; only families with at least two counts, one phase each,
 * are kept, so a run of any other shape has none.
 */
public final class PartitionFamilies {

    /** One phase of a family: its topic's partition count and its figures over the repeats. */
    public record Member(int partitions, PhaseSpread phase) {}

    public record Family(ProducerSettings settings, List<Member> steps) {

        public Family {
            steps = List.copyOf(steps);
        }

        public boolean unthrottled() {
            return settings.unthrottled();
        }

        /** "keyed (order-id), unthrottled", "keyless, at 2000 records/s". */
        String label() {
            return keys(settings) + ", "
                    + (unthrottled() ? "unthrottled" : "at " + Fmt.rate(settings.rate()) + " records/s");
        }
    }

    private PartitionFamilies() {}

    public static List<Family> of(RunSummary s) {
        Map<ProducerSettings, List<Member>> bySettings = new LinkedHashMap<>();
        for (PhaseSpread p : s.repeats().phases()) {
            Integer partitions = s.partitions(p.name());
            // A phase with no repeat but one cut short is no point of a series: its window was shorter.
            if (partitions != null && !p.partial()) {
                bySettings.computeIfAbsent(p.settings(), k -> new ArrayList<>()).add(new Member(partitions, p));
            }
        }
        List<Family> families = new ArrayList<>();
        bySettings.forEach((settings, steps) -> {
            long counts = steps.stream().mapToInt(Member::partitions).distinct().count();
            // Two phases at one count: which of them the series goes through would be a guess.
            if (counts >= 2 && counts == steps.size()) {
                families.add(new Family(
                        settings,
                        steps.stream()
                                .sorted(Comparator.comparingInt(Member::partitions))
                                .toList()));
            }
        });
        return families;
    }

    public static String keys(ProducerSettings s) {
        return s.keyStrategy() == KeyStrategy.NONE
                ? "keyless"
                : "keyed (" + s.keyStrategy().label() + ")";
    }
}
