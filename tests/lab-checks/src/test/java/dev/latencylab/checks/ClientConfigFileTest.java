package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * 'up --bootstrap ... --client-config FILE': the apps get the user's client properties through a file of
 * .lab/ readable by the user alone, never on a command line, and each property reaches them exactly as
 * Java reads the user's file: a sasl.jaas.config continued over several lines included.
 */
class ClientConfigFileTest {

    private static final String CLIENT_CONFIG =
            """
            # a comment whose line ends in a backslash goes on no further \\
            security.protocol=SASL_SSL
            sasl.mechanism: PLAIN
            sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required \\
                username="alice" \\
                password="s3cr=t:x";
            ssl.endpoint.identification.algorithm   https
              ! another comment
            ssl.truststore.location=C:\\\\certs\\\\trust.jks
            client.dns.lookup=use_all_dns_ips\\\\
            """;

    @Test
    void everyPropertyReachesTheAppsAsJavaReadsTheUsersFile() throws IOException {
        Path labDir = Files.createDirectories(Repo.buildDir().resolve("client-config-" + System.nanoTime()));
        Files.writeString(labDir.resolve("client.properties"), CLIENT_CONFIG);

        Tools.Result result = Tools.run(
                Duration.ofSeconds(30),
                Repo.ROOT,
                Map.of("LAB_DIR", labDir.toString()),
                List.of(
                        "bash",
                        "-c",
                        "source scripts/lib/common.sh && source scripts/lib/existing-cluster.sh && existing_app_args"));

        assertThat(result.ok()).as(result.describe()).isTrue();
        Path app = labDir.resolve("client-app.properties");
        assertThat(result.output().strip()).isEqualTo("--spring.config.import=file:" + app);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(app)))
                .isEqualTo("rw-------");
        Properties users = load(labDir.resolve("client.properties"));
        Properties apps = load(app);
        assertThat(users.getProperty("sasl.jaas.config")).contains("username=\"alice\" password=\"s3cr=t:x\";");
        assertThat(apps).hasSameSizeAs(users);
        for (String key : users.stringPropertyNames()) {
            assertThat(apps.getProperty("spring.kafka.properties." + key))
                    .as(key)
                    .isEqualTo(users.getProperty(key));
        }
    }

    @Test
    void upTakesTheFileTheAppsReadWithAJaasConfigOverSeveralLinesAndRefusesOneThatIsNoProperties() throws IOException {
        Path labDir = Files.createDirectories(Repo.buildDir().resolve("client-config-" + System.nanoTime()));
        Path users = Files.writeString(labDir.resolve("users.properties"), CLIENT_CONFIG);

        Tools.Result taken = LabShell.run(labDir, Map.of(), "use_existing_cluster broker:9092 " + users);

        assertThat(taken.ok()).as(taken.describe()).isTrue();
        assertThat(labDir.resolve("client.properties")).hasSameTextualContentAs(users);

        Path notProperties = Files.writeString(labDir.resolve("not.properties"), "security.protocol=SSL\n{\"a\": 1}\n");
        Tools.Result refused = LabShell.run(labDir, Map.of(), "use_existing_cluster broker:9092 " + notProperties);

        assertThat(refused.ok()).isFalse();
        assertThat(refused.output()).contains("has lines that are not key=value Kafka client properties");
    }

    private static Properties load(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        return p;
    }
}
