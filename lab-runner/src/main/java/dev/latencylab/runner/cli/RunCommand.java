package dev.latencylab.runner.cli;

import dev.latencylab.api.wait.Sleeper;
import dev.latencylab.runner.apps.ConsumerClient;
import dev.latencylab.runner.apps.NetworkClient;
import dev.latencylab.runner.apps.Preflight;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.endpoint.PrometheusClient;
import dev.latencylab.runner.endpoint.Urls;
import dev.latencylab.runner.faults.FaultControls;
import dev.latencylab.runner.grafana.GrafanaLogin;
import dev.latencylab.runner.grafana.RunSnapshots;
import dev.latencylab.runner.results.RunReport;
import dev.latencylab.runner.results.collect.BrokerMetrics;
import dev.latencylab.runner.results.collect.PrometheusStackProbe;
import dev.latencylab.runner.results.summary.TradeOffReading;
import dev.latencylab.runner.run.InstanceLimits;
import dev.latencylab.runner.run.PhaseTopics;
import dev.latencylab.runner.run.RunRecord;
import dev.latencylab.runner.run.ScenarioRunner;
import dev.latencylab.runner.run.StackWarmup;
import dev.latencylab.runner.run.StackWarmupRecord;
import dev.latencylab.runner.run.step.StepKinds;
import dev.latencylab.runner.scenario.PayloadFolder;
import dev.latencylab.runner.scenario.RunPlan;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.ScenarioException;
import dev.latencylab.runner.scenario.TimingOverride;
import dev.latencylab.runner.topics.KafkaTopics;
import dev.latencylab.runner.topics.Topics;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code run <scenario.yaml>}: check the lab, drive the scenario, collect Prometheus' figures, write the results folder. */
@Command(name = "run", description = "Run a scenario against the lab and write a results folder.")
final class RunCommand extends LabCommand {

    @Parameters(
            index = "0",
            paramLabel = "SCENARIO",
            description = "the scenario file, e.g. scenarios/linger-sweep.yaml, or an OpenMessaging Benchmark"
                    + " workload (run as import-omb maps it)")
    String scenarioFile;

    @Mixin
    OmbDriverArgs ombDriver = new OmbDriverArgs();

    @Mixin
    AppUrlArgs apps = new AppUrlArgs();

    @Mixin
    PrometheusArgs prometheusArgs = new PrometheusArgs();

    @Option(
            names = "--grafana",
            paramLabel = "URL",
            defaultValue = Defaults.GRAFANA,
            description = "Grafana, if it answers (default ${DEFAULT-VALUE})")
    URI grafanaUrl;

    @Mixin
    GrafanaLoginArgs grafanaLogin = new GrafanaLoginArgs();

    @Mixin
    ClusterArgs cluster = new ClusterArgs();

    @Mixin
    BrokerPrometheusArgs brokerPrometheus = new BrokerPrometheusArgs();

    @Option(
            names = "--network",
            paramLabel = "URL",
            defaultValue = "http://127.0.0.1:8079",
            description = "the delay wire's control, for phases that set a round trip"
                    + " (scripts/lab up --far-producer; default ${DEFAULT-VALUE})")
    URI networkUrl;

    @Option(
            names = "--broker-control",
            paramLabel = "COMMAND",
            description = "a command that takes kill|stop|restart <node id>, for phases with faults"
                    + " (default: $LAB_BROKER_CONTROL, which scripts/lab sets to its 'broker' command; split into words as a shell"
                    + " splits them: quote a path with blanks)")
    String brokerControl;

    @Option(
            names = "--consumer-control",
            paramLabel = "COMMAND",
            description = "a command that takes kill|stop|restart <instance>, for phases that act on consumer-app"
                    + " instances (default: $LAB_CONSUMER_CONTROL, which scripts/lab sets to its 'consumer' command; split into words as a shell"
                    + " splits them: quote a path with blanks)")
    String consumerControl;

    @Option(
            names = "--results",
            paramLabel = "DIR",
            defaultValue = Defaults.RESULTS,
            description = "where <UTC time>-<scenario>/ goes (default ./${DEFAULT-VALUE})")
    String results;

    @Option(
            names = "--json",
            description = "print the run's summary.json to standard output at the end, and everything else to"
                    + " standard error (for scripts: scripts/lab sweep --json | jq ...)")
    boolean json;

    @Option(
            names = "--dry-run",
            description = "print what a run would create, change and delete (its topics looked up on the cluster),"
                    + " and do none of it")
    boolean dryRun;

    @Mixin
    TimingArgs timingArgs = new TimingArgs();

    @Mixin
    OrderArgs orderArgs = new OrderArgs();

    @Mixin
    StackWarmupArgs stackWarmupArgs = new StackWarmupArgs();

    /** Standard output: under --json it carries summary.json alone, for scripts; the progress goes to err. */
    private final PrintStream stdout;

    private final JsonHttp http;
    private final Clock clock;
    private final Sleeper sleeper;
    private final ScenarioRunner.Options options;
    private final boolean installShutdownHook;

    private volatile ScenarioRunner runner;
    private volatile String abortReason;
    /** The results folder of the last run, for tests that look into it. */
    private volatile Path lastResults;

    RunCommand(
            PrintStream out,
            PrintStream err,
            Path cwd,
            JsonHttp http,
            Clock clock,
            Sleeper sleeper,
            ScenarioRunner.Options options,
            boolean installShutdownHook) {
        super(out, err, cwd);
        this.stdout = out;
        this.http = http;
        this.clock = clock;
        this.sleeper = sleeper;
        this.options = options;
        this.installShutdownHook = installShutdownHook;
    }

    /** Stops a run in progress the way Ctrl-C does: the load stops and what was measured is written. */
    public void abort(String reason) {
        abortReason = reason;
        ScenarioRunner r = runner;
        if (r != null) {
            r.abort(reason);
        }
    }

    private int dryRun(Scenario scenario, boolean warmup) throws InterruptedException {
        RunPlan plan = RunPlan.of(scenario, orderArgs.seed());
        try (KafkaTopics topics = scenario.needsKafkaAdmin() ? cluster.topics(cwd, clock) : null) {
            List<String> refused = new ArrayList<>(InstanceLimits.problems(
                    scenario,
                    apps.workers(cwd).producers().size(),
                    apps.workers(cwd).consumers().size(),
                    warmup));
            try {
                faultControls(scenario);
            } catch (ScenarioException e) {
                refused.addAll(e.problems());
            }
            if (topics != null) {
                refused.addAll(PhaseTopics.refusedBeforeTheRun(
                        scenario, topics, new PayloadFolder(cwd), w -> out.println("  (" + w + ")")));
            }
            return new DryRun(out)
                    .print(
                            scenarioFile,
                            scenario,
                            plan,
                            orderArgs.seed != null,
                            cluster.bootstrap,
                            cluster.labsOwnBrokers(cwd),
                            names -> {
                                try {
                                    return topics.existing(names);
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                    throw new IllegalStateException("interrupted", e);
                                }
                            },
                            refused);
        }
    }

    /** What the scenario's fault steps act through, or the {@link ScenarioException} naming what is missing. */
    private FaultControls faultControls(Scenario scenario) {
        return FaultControls.forScenario(
                scenario,
                Commands.control(brokerControl, System.getenv("LAB_BROKER_CONTROL")),
                Commands.control(consumerControl, System.getenv("LAB_CONSUMER_CONTROL")),
                apps.workers(cwd).consumers().size());
    }

    Path lastResults() {
        return lastResults;
    }

    @Override
    public Integer call() throws InterruptedException {
        if (json) {
            out = err;
        }
        // Before anything runs: a token file refused later would leave a run half driven.
        JsonHttp http = apps.authorized(this.http, System.getenv(), cwd);
        TimingOverride timing = timingArgs.override();
        StackWarmup stackWarmup = stackWarmupArgs.apply(options.stackWarmup());
        // Before anything runs: a password file refused at the end would cost the run its snapshots.
        GrafanaLogin login = grafanaLogin.login(System.getenv(), cwd, err);
        Scenario scenario;
        FaultControls controls;
        try {
            scenario =
                    ScenarioFiles.load(cwd, scenarioFile, ombDriver.file, err).withTiming(timing);
            if (dryRun) {
                return dryRun(scenario, !stackWarmup.skipped());
            }
            InstanceLimits.check(
                    scenario,
                    apps.workers(cwd).producers().size(),
                    apps.workers(cwd).consumers().size(),
                    !stackWarmup.skipped());
            controls = faultControls(scenario);
        } catch (ScenarioException e) {
            err.println("The scenario cannot be run:");
            e.problems().forEach(p -> err.println("  " + p));
            return ExitCodes.USAGE;
        }
        RunReport.shortWindowNote(scenario).ifPresent(err::println);

        boolean delayed = scenario.setsRoundTrip();
        NetworkClient network = delayed ? new NetworkClient(http, networkUrl) : null;
        ProducerClient producer = new ProducerClient(http, apps.workers(cwd).producers());
        ConsumerClient consumer = new ConsumerClient(http, apps.workers(cwd).consumers());
        PrometheusClient prometheus = prometheusArgs.client(http);
        BrokerMetrics brokers = brokerPrometheus.brokers(http, prometheus);

        if (!stackAnswers(http, producer, consumer, prometheus, network)) {
            return ExitCodes.FAILED;
        }

        Topics topics = scenario.needsKafkaAdmin()
                // Another cluster than the lab's own brokers may hold topics of someone's: none is deleted.
                ? cluster.topics(cwd, clock)
                : Topics.NONE;
        // Before anything runs, the stack warm-up included: a topic the cluster would refuse would stop the run at
        // its phase, hours in perhaps, and a backlog Kafka would trim measures nothing.
        List<String> refusedBefore;
        try {
            refusedBefore = PhaseTopics.refusedBeforeTheRun(
                    scenario, topics, new PayloadFolder(cwd), w -> err.println("warning: " + w));
        } catch (RuntimeException | InterruptedException e) {
            topics.close();
            throw e;
        }
        if (!refusedBefore.isEmpty()) {
            topics.close();
            err.println("The scenario cannot be run:");
            refusedBefore.forEach(p -> err.println("  " + p));
            return ExitCodes.USAGE;
        }
        RunPlan plan = RunPlan.of(scenario, orderArgs.seed());
        out.println(plan.startLine(scenario, stackWarmup.floor(), stackWarmup.ceiling(), clock.instant()));
        out.println(plan.orderLine());
        // Said before the numbers as well as under them: every figure of a run on one machine carries it.
        int cores = OneMachine.cores(
                apps.workers(cwd), cluster.bootstrap, brokerPrometheus.uri().isPresent(), System.getenv("LAB_STACK"));
        out.println("Note: " + TradeOffReading.caveat(cores));

        AtomicReference<StackWarmupRecord> warmedUp = new AtomicReference<>();
        ScenarioRunner r = new ScenarioRunner(
                producer,
                consumer,
                topics,
                controls,
                network,
                clock,
                sleeper,
                out,
                options.withSeed(plan.seed())
                        .withStackWarmup(stackWarmup.withProbe(new PrometheusStackProbe(prometheus), warmedUp::set)),
                StepKinds.ALL);
        runner = r;
        if (abortReason != null) {
            r.abort(abortReason);
        }
        try (CtrlC ctrlC = new CtrlC(
                        installShutdownHook,
                        "lab-runner-ctrl-c",
                        () -> {
                            err.println();
                            err.println("Interrupted: stopping the load and writing what was measured"
                                    + " (Ctrl-C again does not help; wait)...");
                            abort("interrupted (Ctrl-C)");
                        },
                        Duration.ofSeconds(120),
                        () -> err.println("Gave up waiting for the results to be written."));
                topics) {
            RunRecord record = r.run(scenario);
            Path dir = new RunReport(prometheus, brokers, clock, sleeper, out, cores)
                    .write(record, plan, warmedUp.get(), endpoints(), cwd.resolve(results));
            lastResults = dir;
            // The run's window as dashboard snapshots: files in its folder, and in Grafana when it answers.
            boolean snapshotsOk = RunSnapshots.export(
                    out,
                    err,
                    cwd,
                    http,
                    prometheusArgs.url,
                    grafanaUrl,
                    login,
                    record.startedAt(),
                    record.endedAt(),
                    dir);
            out.println();
            out.println("Results: " + dir);
            if (json) {
                printSummary(dir);
            }
            return record.complete() && snapshotsOk ? ExitCodes.OK : ExitCodes.FAILED;
        }
    }

    /** Whether every part the run needs answers; each that does not is named with how to start it. */
    private boolean stackAnswers(
            JsonHttp http,
            ProducerClient producer,
            ConsumerClient consumer,
            PrometheusClient prometheus,
            NetworkClient network)
            throws InterruptedException {
        List<Preflight.Check> checks = new ArrayList<>(Preflight.ofRun(
                producer, consumer, prometheus.readiness(), network, Urls.resolve(grafanaUrl, "/api/health")));
        brokerPrometheus.reachable().ifPresent(checks::add);
        Preflight.Findings preflight = new Preflight(http).check(checks);
        preflight
                .warnings()
                .forEach(w ->
                        err.println("warning: " + w + " (the run does not need Grafana; dashboards will not show it)"));
        return preflight.reportTo(
                err,
                "Start it with scripts/lab up (a scenario that sets a round trip: scripts/lab up --local --far-producer),"
                        + " or point the runner elsewhere with --producer/--consumer (or --workers)/--prometheus/--network"
                        + " (the brokers' Prometheus: --broker-prometheus).");
    }

    private void printSummary(Path dir) {
        try {
            stdout.println(
                    java.nio.file.Files.readString(dir.resolve("summary.json")).strip());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("could not read the run's summary.json in " + dir, e);
        }
    }

    /** Where the run found the apps, Prometheus and Grafana, for the results' environment. */
    private Map<String, String> endpoints() {
        Map<String, String> endpoints = new LinkedHashMap<>(Map.of(
                "producer",
                apps.workers(cwd).producers().stream().map(URI::toString).collect(Collectors.joining(",")),
                "consumer",
                apps.workers(cwd).consumers().stream().map(URI::toString).collect(Collectors.joining(",")),
                "prometheus",
                prometheusArgs.url.toString(),
                "grafana",
                grafanaUrl.toString()));
        brokerPrometheus.uri().ifPresent(u -> endpoints.put("brokerPrometheus", u.toString()));
        return endpoints;
    }
}
