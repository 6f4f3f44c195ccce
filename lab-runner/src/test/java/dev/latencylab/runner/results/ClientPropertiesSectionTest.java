package dev.latencylab.runner.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ClientPropertiesSectionTest {

    @Test
    void eachPhaseShowsThePropertiesItSetAndNoneWhereItSetNone() {
        Map<String, Map<String, String>> byPhase = new LinkedHashMap<>();
        byPhase.put("plain", Map.of());
        byPhase.put("big-requests", new TreeMap<>(Map.of("max.request.size", "2097152", "retries", "5")));

        String md = ClientPropertiesSection.render(byPhase);

        assertThat(md)
                .startsWith("## Kafka producer properties\n")
                .contains("| plain | none |\n")
                .contains("| big-requests | `max.request.size=2097152`, `retries=5` |\n");
    }

    @Test
    void aRunWithoutPropertiesHasNoSection() {
        assertThat(ClientPropertiesSection.render(Phases.sweep())).isEmpty();
    }
}
