package dev.latencylab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.api.wait.Sleeper;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.endpoint.PrometheusClient;
import dev.latencylab.runner.fake.FakeTime;
import dev.latencylab.runner.results.collect.BrokerMetrics;
import dev.latencylab.runner.run.ScenarioRunner;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --broker-prometheus and --broker-selector as run takes them. */
class BrokerPrometheusArgsTest {

    @TempDir
    Path dir;

    private final PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    private final JsonHttp http = new JsonHttp(Duration.ofSeconds(2), Duration.ofSeconds(5));
    private final PrometheusClient labs = new PrometheusClient(http, URI.create(Defaults.PROMETHEUS));

    private BrokerPrometheusArgs parse(String... argv) {
        RunCommand command = new RunCommand(
                out,
                out,
                dir,
                http,
                new FakeTime(Instant.parse("2026-11-29T15:00:00Z")),
                Sleeper.REAL,
                ScenarioRunner.Options.DEFAULT,
                false);
        List<String> args = new java.util.ArrayList<>(List.of("x.yaml"));
        args.addAll(List.of(argv));
        Parsed.parse(command, args);
        return command.brokerPrometheus;
    }

    @Test
    void withoutItTheBrokersAreTheLabsInTheLabsPrometheus() {
        BrokerPrometheusArgs args = parse();

        BrokerMetrics brokers = args.brokers(http, labs);
        assertThat(brokers.prometheus()).isSameAs(labs);
        assertThat(brokers.selector()).isEqualTo("job=\"kafka\"");
        assertThat(brokers.perBroker()).isEqualTo("broker");
        assertThat(args.reachable()).isEmpty();
    }

    @Test
    void aUsersPrometheusIsAskedForTheBrokersPickedByTheSelector() {
        BrokerPrometheusArgs args = parse(
                "--broker-prometheus", "https://prometheus.example:9443/prom/", "--broker-selector", " job=\"kafka\" ");

        BrokerMetrics brokers = args.brokers(http, labs);
        assertThat(brokers.prometheus().base()).isEqualTo(URI.create("https://prometheus.example:9443/prom/"));
        assertThat(brokers.selector()).isEqualTo("job=\"kafka\"");
        assertThat(brokers.perBroker()).isEqualTo("instance");
        assertThat(args.reachable()).hasValueSatisfying(c -> assertThat(c.uri())
                .isEqualTo(URI.create("https://prometheus.example:9443/prom/api/v1/query?query=1")));
    }

    @Test
    void theSelectorIsOptionalAndTakesEveryMatcherKind() {
        assertThat(parse("--broker-prometheus", "http://10.0.0.9:9090")
                        .brokers(http, labs)
                        .selector())
                .isEmpty();
        String many = "namespace=\"kafka\", job=~\"kafka-.*\",pod!=\"x\" ,container!~\"a\\\"b\"";
        assertThat(parse("--broker-prometheus", "http://10.0.0.9:9090", "--broker-selector", many)
                        .brokers(http, labs)
                        .selector())
                .isEqualTo(many);
    }

    @Test
    void onlyHttpAndHttpsUrlsAreTaken() {
        for (String bad :
                List.of("ftp://10.0.0.9/", "10.0.0.9:9090", "file:///etc/passwd", "http:///api", "nonsense")) {
            assertThatThrownBy(() -> parse("--broker-prometheus", bad).brokers(http, labs))
                    .as(bad)
                    .isInstanceOf(UsageException.class)
                    .hasMessageStartingWith("--broker-prometheus must be");
        }
        assertThatThrownBy(() -> parse("--broker-prometheus", "http://10.0.0.9:9090/?x=1")
                        .uri())
                .isInstanceOf(UsageException.class)
                .hasMessageContaining("no query or fragment");
        assertThatThrownBy(() -> parse("--broker-prometheus", "http://u:secret@10.0.0.9:9090")
                        .uri())
                .isInstanceOf(UsageException.class)
                .hasMessageContaining("no user or password")
                .message()
                .doesNotContain("secret");
    }

    @Test
    void aSelectorThatIsNotLabelMatchersIsRefused() {
        for (String bad : List.of(
                "{job=\"kafka\"}",
                "job=kafka",
                "job=\"kafka\",",
                "job==\"kafka\"",
                "up",
                "job=\"kafka\"} or vector(1")) {
            assertThatThrownBy(() -> parse("--broker-prometheus", "http://10.0.0.9:9090", "--broker-selector", bad)
                            .brokers(http, labs))
                    .as(bad)
                    .isInstanceOf(UsageException.class)
                    .hasMessageStartingWith("--broker-selector must be PromQL label matchers");
        }
    }

    @Test
    void aSelectorWithoutTheUsersPrometheusIsRefused() {
        assertThatThrownBy(() -> parse("--broker-selector", "job=\"kafka\"").brokers(http, labs))
                .isInstanceOf(UsageException.class)
                .hasMessage("--broker-selector goes with --broker-prometheus");
    }
}
