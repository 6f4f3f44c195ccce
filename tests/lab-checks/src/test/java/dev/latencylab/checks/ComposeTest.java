package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * docker-compose.yml with .env, checked by the two loaders users may have: Debian's docker-compose 1.29 (older
 * schema, rejects newer keys) and compose-go, the Compose Specification loader inside Docker Compose v2, plus the
 * lab's own rules (healthchecks, 127.0.0.1, depends_on on health) in tests/lab-checks/src/test/go/composecheck.
 */
class ComposeTest {

    private static final Path COMPOSECHECK_SOURCE = Repo.path("tests/lab-checks/src/test/go/composecheck");
    private static final Pattern GO_VERSION = Pattern.compile("go(\\d+)\\.(\\d+)");

    private static Path composecheck;

    @BeforeAll
    static void buildComposecheck() {
        // The go scripts/lab setup built helm with (a newer one than Debian 12's 1.19), else the system's.
        Path labGo = Helm.labTools().resolve("go");
        Path go = java.nio.file.Files.isExecutable(labGo) ? labGo : Tools.require("go", "Go 1.21 or later");
        Tools.Result version = Tools.run(
                Duration.ofMinutes(1), COMPOSECHECK_SOURCE, goEnv(), List.of(go.toString(), "env", "GOVERSION"));
        Matcher matcher = GO_VERSION.matcher(version.output());
        if (!matcher.find() || Integer.parseInt(matcher.group(1)) == 1 && Integer.parseInt(matcher.group(2)) < 21) {
            fail("Go 1.21 or later is needed (it fetches the newer toolchain compose-go asks for by itself), found: "
                    + version.output().strip() + ": " + Tools.SETUP_HINT);
        }
        composecheck = Repo.buildDir().resolve("composecheck");
        // The first build downloads compose-go and its dependencies by name through the Go module proxy (go.sum
        // pins them); later builds come from Go's caches in seconds.
        Tools.Result build = Tools.run(
                Duration.ofMinutes(5),
                COMPOSECHECK_SOURCE,
                goEnv(),
                List.of(go.toString(), "build", "-o", composecheck.toString(), "."));
        assertThat(build.ok()).as("building composecheck%n%s", build.describe()).isTrue();
    }

    @Test
    void dockerCompose129AcceptsTheFile() throws IOException {
        Tools.Result result = dockerComposeConfig(copyWithChange("as-is", "", ""));

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(result.output()).as(result.describe()).isBlank();
    }

    @Test
    void theComposeSpecLoaderAcceptsTheFileAndTheLabRules() throws IOException {
        Tools.Result result = composecheck(copyWithChange("as-is", "", ""));

        assertThat(result.ok()).as(result.describe()).isTrue();
    }

    @Test
    void withNothingExportedBothLoadersTakeTheFileAsTheRepositoryHoldsIt() throws IOException {
        // The repository's own .env, no Grafana password in it or in the environment: `docker compose config`
        // and `up` as typed on a fresh clone (the stack makes Grafana's password itself, grafana-init).
        Path dir = Files.createDirectories(Repo.buildDir().resolve("compose-nothing-exported"));
        Files.copy(
                Repo.path("docker-compose.yml"),
                dir.resolve("docker-compose.yml"),
                StandardCopyOption.REPLACE_EXISTING);
        Files.copy(Repo.path(".env"), dir.resolve(".env"), StandardCopyOption.REPLACE_EXISTING);

        Tools.Result dockerCompose = dockerComposeConfig(dir);
        Tools.Result composeGo = composecheck(dir);

        assertThat(dockerCompose.ok()).as(dockerCompose.describe()).isTrue();
        assertThat(dockerCompose.output()).as(dockerCompose.describe()).isBlank();
        assertThat(composeGo.ok()).as(composeGo.describe()).isTrue();
    }

    @Test
    void composecheckRejectsWaitingForAOneShotServiceToBeHealthy() throws IOException {
        Path dir = copyWithChange(
                "one-shot-healthy",
                "      grafana-init:\n        condition: service_completed_successfully",
                "      grafana-init:\n        condition: service_healthy");

        Tools.Result result = composecheck(dir);

        assertThat(result.ok()).as(result.describe()).isFalse();
        assertThat(result.output())
                .contains("service grafana depends on grafana-init with condition \"service_healthy\","
                        + " want service_completed_successfully");
    }

    @Test
    void composecheckTakesNoServiceWithoutAHealthcheckUnlessItRunsOnce() throws IOException {
        Path dir = copyWithChange("init-restarts", "    network_mode: none\n    restart: \"no\"\n", "");

        Tools.Result result = composecheck(dir);

        assertThat(result.ok()).as(result.describe()).isFalse();
        assertThat(result.output())
                .contains("service grafana-init has no healthcheck")
                .contains("service grafana depends on grafana-init with condition \"service_completed_successfully\","
                        + " want service_healthy");
    }

    @Test
    void bothLoadersRejectAnInvalidFile() throws IOException {
        Path dir = copyWithChange("invalid", "condition: service_healthy", "condition: service_happy");

        Tools.Result dockerCompose = dockerComposeConfig(dir);
        Tools.Result composeGo = composecheck(dir);

        assertThat(dockerCompose.ok())
                .as("docker-compose 1.29 on a bad depends_on condition%n%s", dockerCompose.describe())
                .isFalse();
        assertThat(composeGo.ok())
                .as("compose-go on a bad depends_on condition%n%s", composeGo.describe())
                .isFalse();
        assertThat(composeGo.output()).containsPattern("depends_on\\.[a-z0-9-]+\\.condition");
    }

    @Test
    void composecheckRejectsAPortOpenBeyondLocalhost() throws IOException {
        Path dir = copyWithChange("open-port", "- 127.0.0.1:9090:9090", "- 9090:9090");

        Tools.Result result = composecheck(dir);

        assertThat(result.ok()).as(result.describe()).isFalse();
        assertThat(result.output()).contains("service prometheus publishes port 9090");
    }

    @Test
    void composecheckRejectsAHealthcheckThatStartsAJvm() throws IOException {
        Path dir = copyWithChange(
                "jvm-healthcheck",
                "test: [CMD, /opt/lab/healthy]\n    interval: 5s\n    timeout: 5s\n    retries: 10",
                "test: [CMD-SHELL, /opt/kafka/bin/kafka-broker-api-versions.sh --bootstrap-server 127.0.0.1:19092]\n"
                        + "    interval: 5s\n    timeout: 5s\n    retries: 10");

        Tools.Result result = composecheck(dir);

        assertThat(result.ok()).as(result.describe()).isFalse();
        assertThat(result.output()).contains("service kafka-1: its healthcheck").contains("starts a JVM");
    }

    @Test
    void composecheckRejectsAnAgentInKafkaOpts() throws IOException {
        Path dir = copyWithChange(
                "agent-in-kafka-opts",
                "    KAFKA_HEAP_OPTS: ${KAFKA_HEAP_OPTS",
                "    KAFKA_OPTS: -javaagent:/opt/jmx/jmx_prometheus_javaagent.jar=7071:/opt/jmx/kafka-broker.yml\n"
                        + "    KAFKA_HEAP_OPTS: ${KAFKA_HEAP_OPTS");

        Tools.Result result = composecheck(dir);

        assertThat(result.ok()).as(result.describe()).isFalse();
        assertThat(result.output()).contains("service kafka-2: KAFKA_OPTS carries a -javaagent");
    }

    @Test
    void composecheckRejectsABuiltImageWithoutPullPolicyBuild() throws IOException {
        Path dir = copyWithChange(
                "no-pull-policy",
                "    image: kafka-latency-lab/producer-app:local\n    pull_policy: build\n",
                "    image: kafka-latency-lab/producer-app:local\n");

        Tools.Result result = composecheck(dir);

        assertThat(result.ok()).as(result.describe()).isFalse();
        assertThat(result.output()).contains("service producer-app is built here but has pull_policy");
    }

    private static Tools.Result dockerComposeConfig(Path projectDir) {
        Path dockerCompose = Tools.require("docker-compose", "Debian package docker-compose");
        return Tools.run(
                Duration.ofMinutes(1),
                projectDir,
                List.of(
                        // The copy's .env is the only source of variables, as for composecheck.
                        "env",
                        "-u",
                        "GRAFANA_ADMIN_PASSWORD",
                        dockerCompose.toString(),
                        "--project-directory",
                        projectDir.toString(),
                        "-f",
                        "docker-compose.yml",
                        "config",
                        "-q"));
    }

    private static Tools.Result composecheck(Path projectDir) {
        return Tools.run(
                Duration.ofMinutes(1),
                projectDir,
                List.of(
                        composecheck.toString(),
                        projectDir.resolve("docker-compose.yml").toString()));
    }

    /** docker-compose.yml and .env copied to tests/lab-checks/target with one change, to see the checkers fail. */
    private static Path copyWithChange(String name, String from, String to) throws IOException {
        String compose = Files.readString(Repo.path("docker-compose.yml"));
        assertThat(compose)
                .as("docker-compose.yml still contains the text this test changes")
                .contains(from);
        Path dir = Files.createDirectories(Repo.buildDir().resolve("compose-" + name));
        Files.writeString(dir.resolve("docker-compose.yml"), compose.replace(from, to));
        Files.writeString(dir.resolve(".env"), Repo.read(".env"));
        return dir;
    }

    /**
     * Distribution builds of Go may pin GOTOOLCHAIN=local; compose-go needs a newer Go than some of them, and
     * "auto" lets go fetch that toolchain through the module proxy like any other module. go.sum is not to change
     * during a check, and the binary needs no VCS stamp (which would need git).
     */
    private static Map<String, String> goEnv() {
        return Map.of("GOTOOLCHAIN", "auto", "GOFLAGS", "-mod=readonly -buildvcs=false");
    }
}
