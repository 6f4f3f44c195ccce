package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The brokers get the same settings in both modes: the Docker-less template
 * (local-cluster/src/main/config/server.properties.template) and the shared x-kafka block of docker-compose.yml,
 * where the apache/kafka image turns KAFKA_FOO_BAR into foo.bar. Only addresses, listeners, ids and paths differ.
 */
class BrokerSettingsTest {

    private static final String TEMPLATE = "local-cluster/src/main/config/server.properties.template";

    /** Per node or per mode by nature: ports, host names, node ids, directories. */
    private static final Set<String> MODE_SPECIFIC = Set.of(
            "node.id",
            "controller.quorum.voters",
            "listeners",
            "advertised.listeners",
            "listener.security.protocol.map",
            "log.dirs");

    /** Environment of the image that is not a broker property (see the image's kafka-propertiesSpec.json). */
    private static final Set<String> NOT_PROPERTIES = Set.of(
            "CLUSTER_ID",
            "KAFKA_OPTS",
            "KAFKA_HEAP_OPTS",
            "KAFKA_JVM_PERFORMANCE_OPTS",
            "KAFKA_LOG4J_OPTS",
            "KAFKA_JMX_OPTS",
            "KAFKA_GC_LOG_OPTS");

    @Test
    void composeBrokersHaveTheSettingsOfTheLocalTemplate() throws IOException {
        assertThat(composeSettings()).isEqualTo(templateSettings());
    }

    private static Map<String, String> templateSettings() throws IOException {
        Properties properties = new Properties();
        properties.load(new StringReader(Repo.read(TEMPLATE)));
        Map<String, String> settings = new TreeMap<>();
        for (String key : properties.stringPropertyNames()) {
            if (!MODE_SPECIFIC.contains(key)) {
                settings.put(key, properties.getProperty(key).strip());
            }
        }
        return settings;
    }

    private static Map<String, String> composeSettings() {
        JsonNode compose = YAMLMapper.builder()
                .build()
                .readTree(Repo.path("docker-compose.yml").toFile());
        JsonNode environment = compose.path("x-kafka").path("environment");
        assertThat(environment.isObject())
                .as("docker-compose.yml has an x-kafka block with an environment map")
                .isTrue();
        Map<String, String> settings = new TreeMap<>();
        environment.properties().forEach(e -> {
            if (e.getKey().startsWith("KAFKA_") && !NOT_PROPERTIES.contains(e.getKey())) {
                String property = e.getKey()
                        .substring("KAFKA_".length())
                        .toLowerCase(Locale.ROOT)
                        .replace('_', '.');
                if (!MODE_SPECIFIC.contains(property)) {
                    settings.put(property, e.getValue().asString().strip());
                }
            }
        });
        return settings;
    }
}
