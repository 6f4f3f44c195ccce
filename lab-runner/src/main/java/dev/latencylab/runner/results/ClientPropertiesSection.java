package dev.latencylab.runner.results;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The "Kafka producer properties" section of summary.md: the properties each phase set beyond the
 * lab's own settings (a scenario's {@code producerConfig}), so that a figure is never read without
 * what the client ran with. Absent when no phase set any.
 */
final class ClientPropertiesSection {

    private ClientPropertiesSection() {}

    static String render(List<PhaseSummary> phases) {
        Map<String, Map<String, String>> byPhase = new LinkedHashMap<>();
        phases.forEach(p -> byPhase.put(p.name(), p.settings().producerConfig()));
        return render(byPhase);
    }

    /** Each phase's name with its properties, in the run's order. */
    static String render(Map<String, Map<String, String>> byPhase) {
        if (byPhase.values().stream().allMatch(Map::isEmpty)) {
            return "";
        }
        StringBuilder b = new StringBuilder("## Kafka producer properties\n\n")
                .append("Set by the scenario beyond the lab's settings, checked against the Kafka producer's own")
                .append(" definitions before the run; every other property is the producer-app's (Kafka's")
                .append(" default unless its application.yml says otherwise).\n\n")
                .append("| phase | properties |\n|---|---|\n");
        byPhase.forEach((name, properties) -> b.append("| ")
                .append(name)
                .append(" | ")
                .append(describe(properties))
                .append(" |\n"));
        return b.append('\n').toString();
    }

    private static String describe(Map<String, String> properties) {
        if (properties.isEmpty()) {
            return "none";
        }
        return properties.entrySet().stream()
                .map(e -> "`" + e.getKey() + "=" + e.getValue().replace("|", "\\|") + "`")
                .collect(Collectors.joining(", "));
    }
}
