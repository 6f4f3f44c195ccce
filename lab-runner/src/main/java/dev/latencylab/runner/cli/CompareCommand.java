package dev.latencylab.runner.cli;

import dev.latencylab.api.settings.SettingsLimits;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.latencylab.runner.compare.CompareReport;
import dev.latencylab.runner.compare.CompareResult;
import dev.latencylab.runner.compare.CompareRun;
import dev.latencylab.runner.compare.CompareSettings;
import dev.latencylab.runner.compare.Differences;
import dev.latencylab.runner.compare.KafkaTools;
import dev.latencylab.runner.compare.ToolRunner;
import dev.latencylab.runner.lab.ConsumerClient;
import dev.latencylab.runner.http.JsonHttp;
import dev.latencylab.runner.lab.Preflight;
import dev.latencylab.runner.lab.ProducerClient;
import dev.latencylab.runner.run.Sleeper;
import dev.latencylab.runner.scenario.Durations;

/**
 * {@code compare}: the lab against Kafka's own ProducerPerformance (throughput) and
 * EndToEndLatency (e2e p50 at a low rate) on the running stack; writes results/&lt;UTC&gt;-compare/.
 */
final class CompareCommand {

    static final Set<String> OPTIONS = Set.of("duration", "warmup", "stack-warmup", "linger", "batch-size", "low-rate", "rounds", "topic",
            "lab-topic", "bootstrap", "kafka-lib", "producer", "consumer", "results", "drain-timeout");

    private final PrintStream out;
    private final PrintStream err;
    private final Path cwd;
    private final JsonHttp http;
    private final Clock clock;
    private final Sleeper sleeper;
    private final ToolRunner tools;
    private final boolean installShutdownHook;

    private volatile Path lastResults;

    public CompareCommand(PrintStream out, PrintStream err, Path cwd, JsonHttp http, Clock clock, Sleeper sleeper,
            ToolRunner tools, boolean installShutdownHook) {
        this.out = out;
        this.err = err;
        this.cwd = cwd;
        this.http = http;
        this.clock = clock;
        this.sleeper = sleeper;
        this.tools = tools;
        this.installShutdownHook = installShutdownHook;
    }

    public Path lastResults() {
        return lastResults;
    }

    public int execute(List<String> argv) throws InterruptedException {
        Args args = Args.parse(argv, OPTIONS, Set.of());
        if (!args.positionals().isEmpty()) {
            throw new UsageException("compare takes options only, got " + args.positionals());
        }
        CompareSettings settings = settings(args);
        Path resultsRoot = cwd.resolve(args.option("results", "results"));

        ProducerClient producer = new ProducerClient(http, settings.producer());
        ConsumerClient consumer = new ConsumerClient(http, settings.consumer());
        Preflight.Outcome preflight = new Preflight(http).check(List.of(
                new Preflight.Check(ProducerClient.PART, producer.endpoint(), true),
                new Preflight.Check(ConsumerClient.PART, consumer.endpoint(), true)));
        if (!preflight.reportTo(err, "Start it with scripts/lab up (or use scripts/lab compare, which does).")) {
            return 1;
        }

        Instant started = clock.instant();
        Path dir;
        try {
            dir = CompareReport.folder(resultsRoot, started);
        } catch (IOException e) {
            throw new UncheckedIOException("could not create a results folder under " + resultsRoot + ": " + e.getMessage(), e);
        }
        Duration roughly = settings.warmup().plus(settings.duration()).multipliedBy(4L * settings.rounds())
                .plus(settings.stackWarmup());
        out.printf("Comparing the lab with Kafka's ProducerPerformance and EndToEndLatency: %d round(s) each, about %s%n",
                settings.rounds(), Durations.format(roughly.withNanos(0)));

        CompareRun run = new CompareRun(settings, producer, consumer,
                new KafkaTools(KafkaTools.currentJava(), settings.kafkaLib(), settings.bootstrap()), tools,
                dir.resolve("tools"), clock, sleeper, out);
        CountDownLatch written = new CountDownLatch(1);
        Thread hook = installShutdownHook ? shutdownHook(run, written) : null;
        try {
            CompareResult result = run.run(("scripts/lab compare " + String.join(" ", argv)).strip());
            try {
                CompareReport.write(dir, result);
            } catch (IOException e) {
                throw new UncheckedIOException("could not write " + dir + ": " + e.getMessage(), e);
            }
            lastResults = dir;
            out.println();
            out.print(CompareReport.verdicts(result));
            if (!result.warnings().isEmpty()) {
                result.warnings().forEach(w -> out.println("warning: " + w));
            }
            out.println("Note: " + Differences.CONSUMER);
            out.println("Note: " + Differences.CLOSED_LOOP);
            out.println("Everything shares this machine's cores and the figures vary from run to run; every difference between "
                    + "the two sides is listed in " + dir.resolve("compare.md"));
            out.println();
            out.println("Results: " + dir);
            return result.complete() ? 0 : 1;
        } finally {
            written.countDown();
            if (hook != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException e) {
                    // already shutting down: the hook is running and waits for 'written'
                }
            }
        }
    }

    private Thread shutdownHook(CompareRun run, CountDownLatch written) {
        Thread hook = new Thread(() -> {
            run.abort("interrupted (Ctrl-C)");
            try {
                // The tool is stopped (up to 10 s), the load stopped and the results written: give it time.
                written.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "compare-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        return hook;
    }

    CompareSettings settings(Args args) {
        Duration duration = positive(args, "duration", Duration.ofSeconds(30));
        Duration warmup = args.duration("warmup") == null ? Duration.ofSeconds(10) : args.duration("warmup");
        Duration stackWarmup = args.duration("stack-warmup") == null ? Duration.ofSeconds(60) : args.duration("stack-warmup");
        int linger = intIn(args, "linger", 5, 0, SettingsLimits.LINGER_MS.max());
        int batch = intIn(args, "batch-size", 16_384, 0, SettingsLimits.BATCH_SIZE.max());
        int lowRate = intIn(args, "low-rate", 50, 1, (int) SettingsLimits.MAX_RATE);
        int rounds = intIn(args, "rounds", 2, 1, 10);
        Duration drain = positive(args, "drain-timeout", Duration.ofSeconds(120));
        String topic = args.option("topic", "lab.compare");
        String labTopic = args.option("lab-topic", "lab.orders");
        if (topic.equals(labTopic)) {
            throw new UsageException("--topic must not be the lab topic: the consumer-app would count the tools' records as skipped");
        }
        return new CompareSettings(stackWarmup, warmup, duration, linger, batch, lowRate, rounds, labTopic, topic,
                args.option("bootstrap", "127.0.0.1:9092,127.0.0.1:9093,127.0.0.1:9094"),
                cwd.resolve(args.option("kafka-lib", "local-cluster/target/lib")),
                UrlArgs.url(args, "producer", "http://127.0.0.1:8080"),
                UrlArgs.url(args, "consumer", "http://127.0.0.1:8081"), drain);
    }

    private static Duration positive(Args args, String name, Duration fallback) {
        Duration d = args.duration(name);
        if (d == null) {
            return fallback;
        }
        if (d.toSeconds() < 1) {
            throw new UsageException("--" + name + " must be at least 1s, got " + args.option(name));
        }
        return d;
    }

    private static int intIn(Args args, String name, int fallback, int min, int max) {
        String v = args.option(name);
        if (v == null) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(v.strip());
            if (n < min || n > max) {
                throw new UsageException("--" + name + " must be from " + min + " to " + max + ", got " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + ": '" + v + "' is not a whole number");
        }
    }
}
