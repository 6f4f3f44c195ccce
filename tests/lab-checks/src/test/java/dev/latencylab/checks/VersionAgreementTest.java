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
}
