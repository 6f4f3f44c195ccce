package dev.latencylab.runner.results.report;

import dev.latencylab.runner.results.summary.PhaseSummary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The "Kafka client properties" section of summary.md: the properties each phase set beyond the
 * lab's own settings (a scenario's {@code producerConfig}, and {@code consumerConfig} as the
 * consumer-app reported it), so that a figure is never read without what the clients ran with.
 * Absent when no phase set any.
 */
final class ClientPropertiesSection {

    private static final MarkdownSection.Columns COLUMNS = MarkdownSection.Columns.text("phase | producer | consumer");

    private ClientPropertiesSection() {}

    static String render(List<PhaseSummary> phases) {
        Map<String, List<Map<String, String>>> byPhase = new LinkedHashMap<>();
        phases.forEach(p -> byPhase.put(p.name(), List.of(p.settings().producerConfig(), consumerProperties(p))));
        return render(byPhase);
    }

    /** Each phase's name with its producer's and its consumer's properties, in the run's order. */
    static String render(Map<String, List<Map<String, String>>> byPhase) {
        if (byPhase.values().stream().flatMap(List::stream).allMatch(Map::isEmpty)) {
            return "";
        }
        MarkdownSection s = MarkdownSection.titled("Kafka client properties")
                .paragraph("Set by the scenario beyond the lab's settings (producerConfig, consumerConfig), checked"
                        + " against the Kafka clients' own definitions before the run; every other property is the"
                        + " app's (Kafka's default unless its application.yml says otherwise).")
                .table(COLUMNS);
        byPhase.forEach((name, properties) -> s.row(name, describe(properties.get(0)), describe(properties.get(1))));
        return s.endTable().toString();
    }

    private static Map<String, String> consumerProperties(PhaseSummary p) {
        return p.consumer() == null ? Map.of() : p.consumer().properties();
    }

    private static String describe(Map<String, String> properties) {
        if (properties.isEmpty()) {
            return "none";
        }
        return properties.entrySet().stream()
                .map(e -> "`" + e.getKey() + "=" + e.getValue() + "`")
                .collect(Collectors.joining(", "));
    }
}
