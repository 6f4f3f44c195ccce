package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.common.utils.AppInfoParser;
import org.junit.jupiter.api.Test;

/**
 * One Kafka version in both ways of starting the stack: the parent pom's kafka.version (clients,
 * the Docker-less brokers, the test kit, the tools compare runs) and .env's image for docker-compose.
 * Apart, a compose run would measure other brokers than the local one, silently.
 */
class VersionAgreementTest {

    private static final Pattern KAFKA_VERSION = Pattern.compile("<kafka\\.version>([^<]+)</kafka\\.version>");
    private static final Pattern BOOT_VERSION =
            Pattern.compile("<artifactId>spring-boot-starter-parent</artifactId>\\s*<version>([^<]+)</version>");

    @Test
    void theComposeImageTheMavenVersionAndTheClientOnTheClasspathAreOneKafkaVersion() {
        Matcher m = KAFKA_VERSION.matcher(Repo.read("pom.xml"));
        assertThat(m.find()).as("pom.xml pins <kafka.version>").isTrue();
        String maven = m.group(1).trim();
        Map<String, String> env = Repo.dotEnv();

        assertThat(env.get("KAFKA_IMAGE_TAG"))
                .as(".env KAFKA_IMAGE_TAG against pom.xml kafka.version")
                .isEqualTo(maven);
        assertThat(env.get("KAFKA_IMAGE"))
                .as(".env KAFKA_IMAGE against pom.xml kafka.version")
                .endsWith(":" + maven);
        // What Maven resolved, not only what the pom says: a BOM or an exclusion could override it.
        assertThat(AppInfoParser.getVersion())
                .as("kafka-clients on the classpath")
                .isEqualTo(maven);
    }

    @Test
    void theVersionsReadmeAndRunningMdStateAreThePinnedOnes() {
        String pom = Repo.read("pom.xml");
        Matcher kafka = KAFKA_VERSION.matcher(pom);
        Matcher boot = BOOT_VERSION.matcher(pom);
        assertThat(kafka.find()).isTrue();
        assertThat(boot.find())
                .as("pom.xml's parent is spring-boot-starter-parent")
                .isTrue();
        Map<String, String> env = Repo.dotEnv();
        String prometheusImage = env.get("PROMETHEUS_IMAGE");
        String prometheus = prometheusImage.substring(prometheusImage.lastIndexOf(":v") + 2);
        String grafanaImage = env.get("GRAFANA_IMAGE");
        String readme = Repo.read("README.md").replaceAll("\\s+", " ");
        String running = Repo.read("docs/running.md").replaceAll("\\s+", " ");

        assertThat(readme)
                .as("README's versions line, against pom.xml and .env")
                .contains("Kafka " + kafka.group(1) + " in both modes")
                .contains("Spring Boot " + boot.group(1) + "'s BOM")
                .contains("Prometheus " + prometheus + " in compose");
        assertThat(running)
                .as("docs/running.md's Versions table, against pom.xml and .env")
                .contains("| Kafka brokers | " + kafka.group(1) + " (`" + env.get("KAFKA_IMAGE") + "`")
                .contains("`" + prometheusImage + "`")
                .contains("| Grafana | " + grafanaImage.substring(grafanaImage.lastIndexOf(':') + 1) + " |")
                .contains("Spring Boot " + boot.group(1) + "'s BOM");
    }
}
