package dev.latencylab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.wait.Sleeper;
import dev.latencylab.runner.apps.ConsumerClient;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.fake.FakeLab;
import dev.latencylab.runner.fake.FakeTime;
import dev.latencylab.runner.run.ScenarioRunner;
import dev.latencylab.runner.workers.Workers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --workers, --producer and --consumer as the commands take them, and the targets command. */
class WorkerArgsTest {

    @TempDir
    Path dir;

    private final FakeTime time = new FakeTime(Instant.parse("2026-11-21T23:50:00Z"));
    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(outBytes, true, StandardCharsets.UTF_8);
    private final JsonHttp http = new JsonHttp(Duration.ofSeconds(2), Duration.ofSeconds(5));

    private RunCommand run(String... argv) {
        RunCommand command =
                new RunCommand(out, out, dir, http, time, Sleeper.REAL, ScenarioRunner.Options.DEFAULT, false);
        Parsed.parse(command, List.of(argv));
        return command;
    }

    private Path workersFile(List<URI> producers, List<URI> consumers) throws IOException {
        return Files.writeString(
                dir.resolve("workers.yaml"), "producers:\n" + list(producers) + "consumers:\n" + list(consumers));
    }

    private static String list(List<URI> urls) {
        return urls.stream().map(u -> "  - " + u + "\n").collect(Collectors.joining());
    }

    @Test
    void withoutEitherTheLocalAppsAreDriven() {
        Workers w = run("x.yaml").apps.workers(dir);

        assertThat(w.producers()).containsExactly(URI.create(Defaults.PRODUCER));
        assertThat(w.consumers()).containsExactly(URI.create(Defaults.CONSUMER));
    }

    @Test
    void workersAndProducerOrConsumerTogetherAreRefused() throws Exception {
        workersFile(List.of(URI.create("http://10.0.0.5:8080")), List.of(URI.create("http://10.0.0.7:8081")));

        for (String given : List.of("--producer", "--consumer")) {
            RunCommand command = run("x.yaml", "--workers", "workers.yaml", given, "http://10.0.0.9:8080");
            assertThatThrownBy(() -> command.apps.workers(dir))
                    .isInstanceOf(UsageException.class)
                    .hasMessage("--workers names the producer-apps and consumer-apps: give it, or --producer and"
                            + " --consumer, not both");
        }
    }

    @Test
    void aRefusedFileOrUrlIsAWrongCommandLine() throws Exception {
        Files.writeString(dir.resolve("workers.yaml"), "producers: [http://a:1]\nconsumers: [http://b:2]\nhosts: 3\n");
        RunCommand badFile = run("x.yaml", "--workers", "workers.yaml");
        assertThatThrownBy(() -> badFile.apps.workers(dir))
                .isInstanceOf(UsageException.class)
                .hasMessageEndingWith("hosts: unknown field (known: consumers, producers)");

        RunCommand badUrl = run("x.yaml", "--producer", "ftp://10.0.0.5:8080");
        assertThatThrownBy(() -> badUrl.apps.workers(dir))
                .isInstanceOf(UsageException.class)
                .hasMessageStartingWith("--producer: ftp://10.0.0.5:8080: the scheme must be http, https");
    }

    @Test
    void aDnsNameOnTheCommandLineIsResolvedOnceAndTheTokenGoesToEachAddress() throws Exception {
        List<String> asked = new ArrayList<>();
        RunCommand command = run("x.yaml", "--producer", "dns+http://producer-app.lab.svc:8080");
        command.apps.workers.dns = host -> {
            asked.add(host);
            return List.of(
                    InetAddress.getByAddress(host, new byte[] {10, 0, 0, 6}),
                    InetAddress.getByAddress(host, new byte[] {10, 0, 0, 5}));
        };

        Workers first = command.apps.workers(dir);
        Workers again = command.apps.workers(dir);

        assertThat(first.producers())
                .containsExactly(URI.create("http://10.0.0.5:8080"), URI.create("http://10.0.0.6:8080"));
        assertThat(again).isSameAs(first);
        assertThat(asked).containsExactly("producer-app.lab.svc");
    }

    /** More instances than scripts/lab starts on one machine: the run's clients drive them all, rate shared. */
    @Test
    void aWorkersFileOfMoreThanEightInstancesIsDrivenWhole() throws Exception {
        List<FakeLab> labs = new ArrayList<>();
        try {
            for (int i = 0; i < 12; i++) {
                labs.add(new FakeLab(time));
            }
            List<URI> urls = labs.stream().map(FakeLab::url).toList();
            workersFile(urls.subList(0, 10), urls.subList(2, 12));

            Workers workers = run("x.yaml", "--workers", "workers.yaml").apps.workers(dir);
            ProducerClient producers = new ProducerClient(http, workers.producers());
            ConsumerClient consumers = new ConsumerClient(http, workers.consumers());
            producers.start(new ProducerSettings(5, 16384, Compression.NONE, 10_000, 400, KeyStrategy.ORDER_ID), 3);

            assertThat(producers.endpoints()).hasSize(10);
            assertThat(producers.active()).isEqualTo(10);
            assertThat(consumers.endpoints()).hasSize(10);
            for (FakeLab lab : labs.subList(0, 10)) {
                assertThat(lab.log())
                        .anyMatch(l -> l.startsWith("POST /actuator/producer") && l.contains("\"rate\":1000.0"));
            }
            assertThat(labs.get(10).log()).noneMatch(l -> l.startsWith("POST /actuator/producer"));
        } finally {
            labs.forEach(FakeLab::close);
        }
    }

    @Test
    void targetsWritesBothFilesForTheWorkersFile() throws Exception {
        workersFile(
                List.of(URI.create("http://10.0.0.5:8080"), URI.create("http://10.0.0.6:8080")),
                List.of(URI.create("http://10.0.0.7:8081")));

        int code = new Cli(out, out, dir).execute("targets", "--workers", "workers.yaml", "--out", "prom/targets");

        assertThat(code).as(outBytes.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(Files.readString(dir.resolve("prom/targets/producer-app.yml")))
                .contains("- targets: [10.0.0.6:8080]\n  labels:\n    app: producer-app\n    member: producer-app-2\n");
        assertThat(Files.readString(dir.resolve("prom/targets/consumer-app.yml")))
                .contains("- targets: [10.0.0.7:8081]\n  labels:\n    app: consumer-app\n    member: consumer-app\n");
        assertThat(outBytes.toString(StandardCharsets.UTF_8)).contains("2 producer-app and 1 consumer-app instance(s)");
    }

    @Test
    void targetsNeedsItsFolderAndRefusesBothWays() throws Exception {
        assertThat(new Cli(out, out, dir).execute("targets")).isEqualTo(2);
        assertThat(outBytes.toString(StandardCharsets.UTF_8)).contains("Missing required option: '--out=DIR'");

        workersFile(List.of(URI.create("http://10.0.0.5:8080")), List.of(URI.create("http://10.0.0.7:8081")));
        outBytes.reset();
        int code = new Cli(out, out, dir)
                .execute("targets", "--workers", "workers.yaml", "--consumer", "http://a:1", "--out", "t");
        assertThat(code).isEqualTo(2);
        assertThat(outBytes.toString(StandardCharsets.UTF_8))
                .contains("give it, or --producer and --consumer, not both");
        assertThat(dir.resolve("t")).doesNotExist();
    }
}
