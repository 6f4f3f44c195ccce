package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.results.summary.Phases;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ClientPropertiesSectionTest {

    @Test
    void eachPhaseShowsThePropertiesItSetAndNoneWhereItSetNone() {
        Map<String, List<Map<String, String>>> byPhase = new LinkedHashMap<>();
        byPhase.put("plain", List.of(Map.of(), Map.of()));
        byPhase.put(
                "big-requests",
                List.of(
                        new TreeMap<>(Map.of("max.request.size", "2097152", "retries", "5")),
                        Map.of("isolation.level", "read_committed")));

        String md = ClientPropertiesSection.render(byPhase);

        assertThat(md)
                .startsWith("## Kafka client properties\n")
                .contains("| phase | producer | consumer |\n|---|---|---|\n| plain | none | none |\n")
                .contains(
                        "| big-requests | `max.request.size=2097152`, `retries=5` | `isolation.level=read_committed` |\n");
    }

    @Test
    void aRunWithoutPropertiesHasNoSection() {
        assertThat(ClientPropertiesSection.render(Phases.sweep())).isEmpty();
    }
}
