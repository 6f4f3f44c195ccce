package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.time.Duration;
import java.util.List;
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
 * (stack/local-cluster/src/main/config/server.properties.template) and the shared x-kafka block of docker-compose.yml,
 * where the apache/kafka image turns KAFKA_FOO_BAR into foo.bar. Only addresses, listeners, ids and paths differ.
 */
class BrokerSettingsTest {

    private static final String TEMPLATE = "stack/local-cluster/src/main/config/server.properties.template";

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

    /**
     * One stack whichever way it is started: the JVM options docker-compose.yml gives the broker and app containers
     * (resolved from .env by docker-compose itself) are the ones scripts/lab starts the local JVMs with.
     */
    @Test
    void bothModesStartTheJvmsWithTheSameOptions() {
        Map<String, String> local = localJvmOptions();
        JsonNode services = ComposeConfig.resolved().path("services");

        for (String broker : List.of("kafka-1", "kafka-2", "kafka-3")) {
            JsonNode env = services.path(broker).path("environment");
            assertThat(env.path("KAFKA_HEAP_OPTS").asString(""))
                    .as("%s KAFKA_HEAP_OPTS", broker)
                    .isEqualTo(local.get("BROKER_HEAP_OPTS"));
            assertThat(env.path("KAFKA_JVM_PERFORMANCE_OPTS").asString(""))
                    .as("%s KAFKA_JVM_PERFORMANCE_OPTS", broker)
                    .isEqualTo(local.get("BROKER_JVM_OPTS"));
        }
        for (String app : List.of("producer-app", "consumer-app")) {
            assertThat(services.path(app)
                            .path("environment")
                            .path("JDK_JAVA_OPTIONS")
                            .asString(""))
                    .as("%s JDK_JAVA_OPTIONS", app)
                    .isEqualTo(local.get("APP_JAVA_OPTS"));
        }
        assertThat(local.get("BROKER_HEAP_OPTS")).as("the local brokers' heap").contains("-Xmx");
    }

    /** What scripts/lab's local mode starts brokers and apps with, as the script itself computes it. */
    private static Map<String, String> localJvmOptions() {
        Tools.Result result = Tools.run(
                Duration.ofSeconds(30),
                Repo.ROOT,
                List.of(
                        "bash",
                        "-c",
                        "set -euo pipefail; unset LAB_BROKER_HEAP_OPTS LAB_APP_JAVA_OPTS;"
                                + " source scripts/lib/common.sh; source scripts/lib/local-stack.sh;"
                                + " printf 'BROKER_HEAP_OPTS=%s\\nBROKER_JVM_OPTS=%s\\nAPP_JAVA_OPTS=%s\\n'"
                                + " \"$BROKER_HEAP_OPTS\" \"$BROKER_JVM_OPTS\" \"$APP_JAVA_OPTS\""));
        assertThat(result.ok()).as(result.describe()).isTrue();
        Map<String, String> options = new TreeMap<>();
        for (String line : result.output().split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                options.put(line.substring(0, eq), line.substring(eq + 1).strip());
            }
        }
        return options;
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
