package dev.latencylab.runner.cli;

import dev.latencylab.api.settings.SettingsLimits;
import dev.latencylab.api.wait.Sleeper;
import dev.latencylab.runner.apps.ConsumerClient;
import dev.latencylab.runner.apps.Preflight;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.compare.ClosedLoopFloor;
import dev.latencylab.runner.compare.CompareReport;
import dev.latencylab.runner.compare.CompareResult;
import dev.latencylab.runner.compare.CompareRun;
import dev.latencylab.runner.compare.CompareSettings;
import dev.latencylab.runner.compare.Differences;
import dev.latencylab.runner.compare.DrainRetention;
import dev.latencylab.runner.compare.KafkaTools;
import dev.latencylab.runner.compare.ToolRunner;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.scenario.Durations;
import dev.latencylab.runner.scenario.TopicSpec;
import dev.latencylab.runner.topics.KafkaTopics;
import dev.latencylab.runner.topics.TopicOwnership;
import dev.latencylab.runner.workers.Workers;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code compare}: the lab against Kafka's own ProducerPerformance (throughput) and
 * EndToEndLatency (e2e p50 at a low rate) on the running stack; writes results/&lt;UTC&gt;-compare/.
 */
@Command(
        name = "compare",
        description = {
            "The lab vs Kafka's own tools on the running stack: producer-app unthrottled doing the tool's work vs",
            "ProducerPerformance (goal lab/tool >= 1.0), and the realistic lab beside it (the cost of realism);",
            "publish delay at half the realistic ceiling (goal p99 <= 1 ms, with where the sender's time went;",
            "refused when sent/asked < 0.99 or send() waited for the accumulator);",
            "CPU per record of each app vs its tool at that rate, the producer-app doing the tool's work (goal",
            "<= 1.2x; by thread too with --producer-pid);",
            "consumer-app draining a backlog (record and batch listener) vs ConsumerPerformance (goals >= 0.75, >= 0.9);",
            "e2e p50 at a low rate vs a closed-loop floor timed in µs (goal <= 1.1x) and vs EndToEndLatency",
            "(goal <= 1.2x); writes results/<UTC time>-compare/."
        })
final class CompareCommand extends LabCommand {

    @Option(
            names = "--duration",
            paramLabel = "D",
            defaultValue = "30s",
            description = "measured window of every round, at least 1s (default ${DEFAULT-VALUE})")
    Duration duration;

    @Option(
            names = "--warmup",
            paramLabel = "D",
            defaultValue = "10s",
            description = "before every window (default ${DEFAULT-VALUE})")
    Duration warmup;

    @Option(
            names = "--tool-warmup",
            paramLabel = "D",
            defaultValue = CompareSettings.DEFAULT_TOOL_WARMUP,
            description = "ProducerPerformance's warm-up beyond --warmup in the throughput part: its JVM is new each"
                    + " round, the producer-app's is warm; the CPU windows' new tool JVMs warm up for the larger of it"
                    + " and --warmup (default ${DEFAULT-VALUE})")
    Duration toolWarmup;

    @Option(
            names = "--stack-warmup",
            paramLabel = "D",
            defaultValue = "60s",
            description = "unmeasured unthrottled lab load before round 1; 0s: none (default ${DEFAULT-VALUE})")
    Duration stackWarmup;

    @Option(
            names = "--linger",
            paramLabel = "MS",
            defaultValue = "5",
            description = "linger.ms of the throughput part; EndToEndLatency forces 0 (default ${DEFAULT-VALUE})")
    int linger;

    @Option(
            names = "--batch-size",
            paramLabel = "BYTES",
            defaultValue = "16384",
            description = "batch.size of both parts (default ${DEFAULT-VALUE})")
    int batchSize;

    @Option(
            names = "--low-rate",
            paramLabel = "N",
            defaultValue = "50",
            description = "records/s of the lab's latency phase (default ${DEFAULT-VALUE})")
    int lowRate;

    @Option(
            names = "--rounds",
            paramLabel = "N",
            defaultValue = "5",
            description =
                    "runs of each side, 1 to 10; odd rounds run the lab first, even the tool (default ${DEFAULT-VALUE})")
    int rounds;

    @Option(
            names = "--topic",
            paramLabel = "NAME",
            defaultValue = "lab.compare",
            description = "bench topic for the tools (a lab.* name), created like the lab topic; on the lab's own"
                    + " brokers one left"
                    + " by an earlier run is replaced, on another cluster (--bootstrap) it must not exist"
                    + " (default ${DEFAULT-VALUE})")
    String topic;

    @Option(
            names = "--lab-topic",
            paramLabel = "NAME",
            defaultValue = "lab.orders",
            description = "the lab topic whose layout it copies (default ${DEFAULT-VALUE})")
    String labTopic;

    @Option(
            names = "--bootstrap",
            paramLabel = "LIST",
            defaultValue = Defaults.BOOTSTRAP,
            description = "the brokers; any other list than the default is a cluster the lab did not start, where"
                    + " compare deletes only the bench topic it created (default ${DEFAULT-VALUE})")
    String bootstrap;

    @Option(
            names = "--client-config",
            paramLabel = "FILE",
            description = "Kafka client properties (an existing cluster's security settings) for compare's admin"
                    + " client, its closed-loop floor and Kafka's tools (their --command-config); scripts/lab passes"
                    + " the file given to 'up --bootstrap ... --client-config'")
    Path clientConfig;

    @Option(
            names = "--client-jars",
            paramLabel = "DIR",
            description = "a folder of .jar files (a login module or callback handler the client config names) put on"
                    + " the class path of Kafka's tools; scripts/lab passes the folder given to 'up --bootstrap ..."
                    + " --client-jars'")
    Path clientJars;

    @Option(
            names = "--kafka-lib",
            paramLabel = "DIR",
            defaultValue = "stack/local-cluster/target/lib",
            description = "Kafka jars incl. kafka-tools (default ${DEFAULT-VALUE})")
    String kafkaLib;

    @Mixin
    AppUrlArgs apps = new AppUrlArgs();

    @Option(
            names = "--results",
            paramLabel = "DIR",
            defaultValue = Defaults.RESULTS,
            description = "(default ./${DEFAULT-VALUE})")
    String results;

    @Option(
            names = "--drain-timeout",
            paramLabel = "D",
            defaultValue = "2m",
            description =
                    "how long to let the consumer-app catch up between rounds, at least 1s (default ${DEFAULT-VALUE})")
    Duration drainTimeout;

    @Option(
            names = "--backlog",
            paramLabel = "N",
            defaultValue = "2000000",
            description = "records of each backlog the consumer-app and ConsumerPerformance drain, 300000 to 10000000"
                    + " (default ${DEFAULT-VALUE}); a round's two must fit the drain topic's retention (the lab's"
                    + " own brokers keep 1 GiB a partition: up to about 3200000 on 3 partitions)")
    long backlog;

    @Option(
            names = "--producer-pid",
            paramLabel = "PID",
            description = "the producer-app's process id: its CPU is read by thread (scripts/lab compare gives it on"
                    + " the local stack)")
    Long producerPid;

    @Option(
            names = "--stack-pids",
            paramLabel = "PID",
            split = ",",
            description = "the stack's other processes (brokers, consumer-app, Prometheus): the consumer-app's CPU by"
                    + " thread, the brokers' CPU per record")
    List<Long> stackPids = new java.util.ArrayList<>();

    private final JsonHttp http;
    private final Clock clock;
    private final Sleeper sleeper;
    private final ToolRunner tools;
    private final boolean installShutdownHook;

    CompareCommand(
            PrintStream out,
            PrintStream err,
            Path cwd,
            JsonHttp http,
            Clock clock,
            Sleeper sleeper,
            ToolRunner tools,
            boolean installShutdownHook) {
        super(out, err, cwd);
        this.http = http;
        this.clock = clock;
        this.sleeper = sleeper;
        this.tools = tools;
        this.installShutdownHook = installShutdownHook;
    }

    @Override
    public Integer call() throws InterruptedException {
        CompareSettings settings = settings();
        Properties client = ClientConfigFile.read(cwd, clientConfig);
        KafkaTools kafkaTools = kafkaTools(settings);
        JsonHttp http = apps.authorized(this.http, System.getenv(), cwd);
        Path resultsRoot = cwd.resolve(results);

        ProducerClient producer = new ProducerClient(http, settings.producer());
        ConsumerClient consumer = new ConsumerClient(http, settings.consumer());
        Preflight.Findings preflight = new Preflight(http)
                .check(List.of(
                        new Preflight.Check(ProducerClient.PART, producer.endpoint(), true),
                        new Preflight.Check(ConsumerClient.PART, consumer.endpoint(), true)));
        if (!preflight.reportTo(err, "Start it with scripts/lab up (or use scripts/lab compare, which does).")) {
            return ExitCodes.FAILED;
        }

        KafkaTopics admin =
                new KafkaTopics(settings.bootstrap(), client, clock, LabBrokers.own(settings.bootstrap(), cwd));
        Instant started = clock.instant();
        Path dir;
        try {
            // Before the results folder: a refused --backlog leaves nothing behind.
            DrainRetention.refusal(admin, settings, err).ifPresent(r -> {
                throw new UsageException(r);
            });
            dir = CompareReport.folder(resultsRoot, started);
        } catch (IOException e) {
            admin.close();
            throw new UncheckedIOException(
                    "could not create a results folder under " + resultsRoot + ": " + e.getMessage(), e);
        } catch (RuntimeException | InterruptedException e) {
            admin.close();
            throw e;
        }
        out.printf(
                "Comparing the lab with Kafka's ProducerPerformance, ConsumerPerformance and EndToEndLatency: %d round(s)"
                        + " each, about %s%n",
                settings.rounds(), Durations.format(settings.roughDuration()));

        CompareRun run = new CompareRun(
                settings,
                producer,
                consumer,
                kafkaTools,
                tools,
                new ClosedLoopFloor(settings.bootstrap(), client, settings.batchSize(), CompareSettings.RECORD_BYTES),
                // The rule a run's phase topics follow: a bench topic that may be someone's is never deleted.
                new TopicOwnership(settings.bootstrap(), LabBrokers.own(settings.bootstrap(), cwd)),
                admin::endOffsets,
                dir.resolve("tools"),
                clock,
                sleeper,
                out);
        // The tool is stopped (up to 10 s), the load stopped and the results written: the hook gives it time.
        try (admin;
                CtrlC ctrlC = new CtrlC(
                        installShutdownHook,
                        "compare-shutdown",
                        () -> run.abort("interrupted (Ctrl-C)"),
                        Duration.ofSeconds(60),
                        () -> {})) {
            CompareResult result = run.run(("scripts/lab compare " + String.join(" ", args())).strip());
            try {
                CompareReport.write(dir, result);
            } catch (IOException e) {
                throw new UncheckedIOException("could not write " + dir + ": " + e.getMessage(), e);
            }
            out.println();
            out.print(CompareReport.verdicts(result));
            if (!result.warnings().isEmpty()) {
                result.warnings().forEach(w -> out.println("warning: " + w));
            }
            out.println("Note: " + Differences.CONSUMER);
            out.println("Note: " + Differences.CLOSED_LOOP);
            out.println(
                    "Everything shares this machine's cores and the figures vary from run to run; every difference between "
                            + "the two sides is listed in " + dir.resolve("compare.md"));
            out.println();
            out.println("Results: " + dir);
            return result.complete() ? ExitCodes.OK : ExitCodes.FAILED;
        }
    }

    /** Kafka's tools as this comparison runs them: with the user's client config and client jars, when given. */
    KafkaTools kafkaTools(CompareSettings settings) {
        return new KafkaTools(KafkaTools.currentJava(), settings.kafkaLib(), settings.bootstrap())
                .forClient(
                        Optional.ofNullable(clientConfig)
                                .map(f -> cwd.resolve(f).toAbsolutePath()),
                        ClientJars.checked(cwd, clientJars));
    }

    /** The options as the comparison's settings, each checked. */
    CompareSettings settings() {
        atLeastOneSecond("--duration", duration);
        atLeastOneSecond("--drain-timeout", drainTimeout);
        within("--linger", linger, 0, SettingsLimits.LINGER_MS.max());
        within("--batch-size", batchSize, 0, SettingsLimits.BATCH_SIZE.max());
        within("--low-rate", lowRate, 1, (int) SettingsLimits.MAX_RATE);
        within("--rounds", rounds, 1, 10);
        if (producerPid == null && !stackPids.isEmpty()) {
            throw new UsageException(
                    "--stack-pids is only read with --producer-pid (the local stack's processes, given together)");
        }
        // The tool is timed between its 100 ms lines over the second backlog: it reads over a million
        // records a second here, so 100,000 fit inside one line (no stretch to time) and 300,000 give three.
        if (backlog < 300_000 || backlog > 10_000_000) {
            throw new UsageException("--backlog must be from 300000 to 10000000, got " + backlog);
        }
        Workers workers = apps.workers(cwd);
        if (workers.consumers().size() > 1) {
            throw new UsageException("--consumer: compare measures one consumer-app against Kafka's own consumer;"
                    + " give one URL, not " + workers.consumers().size());
        }
        if (workers.producers().size() > 1) {
            throw new UsageException("--producer: compare measures one producer-app against Kafka's own producer;"
                    + " give one URL, not " + workers.producers().size());
        }
        // compare creates, writes and deletes its bench topic: the producer-app's rule holds for it too.
        if (!TopicSpec.labs(topic)) {
            throw new UsageException(
                    "--topic must start with " + TopicSpec.LAB_PREFIX + " (" + TopicSpec.LAB_ONLY + "), got " + topic);
        }
        if (topic.equals(labTopic)) {
            throw new UsageException(
                    "--topic must not be the lab topic: the consumer-app would count the tools' records as skipped");
        }
        return new CompareSettings(
                stackWarmup,
                warmup,
                toolWarmup,
                duration,
                linger,
                batchSize,
                lowRate,
                rounds,
                labTopic,
                topic,
                bootstrap,
                cwd.resolve(kafkaLib),
                workers.producers().get(0),
                workers.consumers().get(0),
                drainTimeout,
                backlog,
                producerPid,
                stackPids);
    }

    private static void atLeastOneSecond(String name, Duration d) {
        if (d.toSeconds() < 1) {
            throw new UsageException(name + " must be at least 1s, got " + Durations.format(d));
        }
    }

    private static void within(String name, int n, int min, int max) {
        if (n < min || n > max) {
            throw new UsageException(name + " must be from " + min + " to " + max + ", got " + n);
        }
    }
}
