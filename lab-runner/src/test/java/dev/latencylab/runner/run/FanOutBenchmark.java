package dev.latencylab.runner.run;

import dev.latencylab.runner.apps.ConsumerClient;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.fake.FakeTime;
import dev.latencylab.runner.faults.FaultControls;
import dev.latencylab.runner.run.fanout.FanOutLab;
import dev.latencylab.runner.run.fanout.Traffic;
import dev.latencylab.runner.run.step.StepKinds;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.RunPlan;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.ScenarioLoader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The runner's fan-out, measured (docs/scale.md): one measured phase's control traffic, driven by
 * the runner's own phase loop ({@link PlannedPhases}, {@code MeasuredPhase}, {@link PhaseCloser},
 * the clock checks, {@link ProducerClient}, {@link ConsumerClient} and its {@code GroupView} merge)
 * against N producer-app and N consumer-app doubles on loopback HTTP servers, for each N asked.
 * Time is a {@link FakeTime}: the warm-up, the window and every poll interval pass at once, so the
 * wall time measured is the time the runner spends on the phase's control work alone. A main
 * class, not a test: it prints figures and asserts nothing.
 *
 * <p>Arguments (all optional): {@code workers=1,2,4,8,16 reps=7 warmups=5 partitionsPerConsumer=4
 * recordsPerPartition=7500 priorPhases=0}.
 */
public final class FanOutBenchmark {

    private static final Duration WINDOW = Duration.ofSeconds(60);
    private static final Instant STARTED = Instant.parse("2026-11-29T15:00:00Z");

    private FanOutBenchmark() {}

    /** One phase's figures at one N. */
    private record Sample(
            double wallMs,
            double runnerCpuMs,
            double serverCpuMs,
            long requests,
            long toApps,
            long fromApps,
            long clockMedianMicros,
            long clockMaxMicros) {}

    public static void main(String[] args) throws Exception {
        Map<String, String> a = arguments(args);
        int[] workers = Arrays.stream(a.getOrDefault("workers", "1,2,4,8,16").split(","))
                .mapToInt(Integer::parseInt)
                .toArray();
        int reps = Integer.parseInt(a.getOrDefault("reps", "7"));
        int warmups = Integer.parseInt(a.getOrDefault("warmups", "5"));
        int partitionsPerConsumer = Integer.parseInt(a.getOrDefault("partitionsPerConsumer", "4"));
        int perPartition = Integer.parseInt(a.getOrDefault("recordsPerPartition", "7500"));
        int priorPhases = Integer.parseInt(a.getOrDefault("priorPhases", "0"));

        System.out.printf(
                Locale.ROOT,
                "fan-out of one measured phase (%d s window, progress every 5 s, drain poll 0.5 s);"
                        + " %d partitions and %d records per partition per consumer; %d prior phases in each"
                        + " producer's status%n",
                WINDOW.toSeconds(),
                partitionsPerConsumer,
                perPartition,
                priorPhases);
        System.out.printf(
                Locale.ROOT,
                "%d processors, load average %s at start; median of %d phases after %d unmeasured%n",
                Runtime.getRuntime().availableProcessors(),
                Files.readString(Path.of("/proc/loadavg")).trim(),
                reps,
                warmups);
        System.out.println(
                "workers | requests | KiB to apps | KiB from apps | wall ms | runner CPU ms | doubles' CPU ms"
                        + " | clock uncertainty µs, median / max");
        List<double[]> rows = new ArrayList<>();
        Map<String, long[]> largest = Map.of();
        for (int n : workers) {
            List<Sample> samples = new ArrayList<>();
            Map<String, long[]> kinds;
            try (FanOutLab lab = lab(n, partitionsPerConsumer, perPartition, priorPhases)) {
                JsonHttp http = new JsonHttp();
                for (int i = 0; i < warmups + reps; i++) {
                    Sample s = onePhase(lab, http, n, i == 0);
                    if (i >= warmups) {
                        samples.add(s);
                    }
                }
                kinds = lab.traffic().byKind();
            }
            Sample m = median(samples);
            rows.add(new double[] {n, m.requests(), m.toApps() + m.fromApps(), m.wallMs(), m.runnerCpuMs()});
            largest = kinds;
            System.out.printf(
                    Locale.ROOT,
                    "%7d | %8d | %11.1f | %13.1f | %7.1f | %13.1f | %15.1f | %d / %d%n",
                    n,
                    m.requests(),
                    m.toApps() / 1024.0,
                    m.fromApps() / 1024.0,
                    m.wallMs(),
                    m.runnerCpuMs(),
                    m.serverCpuMs(),
                    m.clockMedianMicros(),
                    m.clockMaxMicros());
        }
        System.out.printf(
                Locale.ROOT,
                "load average at end %s%n",
                Files.readString(Path.of("/proc/loadavg")).trim());
        if (rows.size() > 1) {
            System.out.println("least-squares fit over the rows, y = a + b * workers:");
            fit("requests", rows, 1);
            fit("bytes", rows, 2);
            fit("wall ms", rows, 3);
            fit("runner CPU ms", rows, 4);
        }
        System.out.printf(
                Locale.ROOT, "requests of the last phase at %d workers, by kind:%n", workers[workers.length - 1]);
        largest.forEach((kind, v) -> System.out.printf(
                Locale.ROOT, "  %-45s %6d requests, %9.1f KiB answered%n", kind, v[0], v[1] / 1024.0));
    }

    private static FanOutLab lab(int n, int partitionsPerConsumer, int perPartition, int priorPhases) {
        double rate = (double) n * partitionsPerConsumer * perPartition / WINDOW.toSeconds();
        Phase phase = RunPlan.of(scenario(rate), 0).phases().get(0);
        return new FanOutLab(
                n,
                partitionsPerConsumer,
                perPartition,
                phase.settings().withRate(rate / n),
                ScenarioRunner.firstPhaseId(STARTED) + 1,
                priorPhases);
    }

    /** One phase on the lab topic at {@code rate} records/s (the group's), as a scenario file would give it. */
    private static Scenario scenario(double rate) {
        return new ScenarioLoader()
                .parse(
                        "fan-out",
                        "fan-out",
                        """
                        name: fan-out
                        defaults:
                          warmup: 10s
                          duration: %ds
                          settings: {lingerMs: 5, batchSize: 16384, compression: none, rate: %s, payloadBytes: 400}
                        phases:
                          - name: linger-5
                        """
                                .formatted(WINDOW.toSeconds(), rate));
    }

    /** One phase through the runner's loop, as {@link ScenarioRunner#run} runs each planned phase. */
    private static Sample onePhase(FanOutLab lab, JsonHttp http, int n, boolean report) throws InterruptedException {
        Traffic traffic = lab.traffic();
        traffic.reset();
        double rate = lab.groupRate(WINDOW.toSeconds());
        ProducerClient producer = new ProducerClient(http, lab.producerUrls());
        ConsumerClient consumer = new ConsumerClient(http, lab.consumerUrls());
        FakeTime time = new FakeTime(STARTED);
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        RunContext run = new RunContext(
                producer,
                consumer,
                null,
                FaultControls.NONE,
                null,
                time,
                time,
                quiet,
                new ScenarioRunner.Options(Duration.ofSeconds(5), Duration.ofSeconds(60), Duration.ofMillis(500)));
        run.begin(STARTED);
        PhaseTopics topics = new PhaseTopics(run);
        TimedFaults faults = new TimedFaults(run);
        StepServices services =
                new StepServices(run, new PhaseStack(run, topics), topics, faults, new PhaseCloser(run, faults));
        List<PhaseStep> steps =
                StepKinds.ALL.stream().map(k -> k.create(services)).toList();
        Scenario scenario = scenario(rate);
        List<Phase> plan = RunPlan.of(scenario, 0).phases();
        PlannedPhases phases = new PlannedPhases(run, steps, scenario, (p, id) -> {}, new ArrayList<>());

        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu0 = os.getProcessCpuTime();
        long server0 = FanOutLab.serverCpuNanos();
        long wall0 = System.nanoTime();
        String stopped = null;
        try {
            phases.runAll(plan);
        } catch (EndpointException e) {
            stopped = e.getMessage();
        }
        long wall = System.nanoTime() - wall0;
        long server = FanOutLab.serverCpuNanos() - server0;
        long cpu = os.getProcessCpuTime() - cpu0;
        if (report) {
            PhaseRecord r = phases.done().isEmpty() ? null : phases.done().get(0);
            System.out.printf(
                    Locale.ROOT,
                    "  (%d workers: phase fenced %s, %s records acked, %s read by the group%s)%n",
                    n,
                    r == null ? "n/a" : r.fenced(),
                    r == null || r.counts() == null ? "n/a" : r.counts().acked(),
                    r == null || r.counts() == null ? "n/a" : r.counts().received(),
                    stopped == null ? "" : "; the runner stopped: " + stopped);
        }
        long[] clocks = run.clocks.checks().stream()
                .filter(c -> c.estimated())
                .mapToLong(c -> c.uncertaintyMicros())
                .sorted()
                .toArray();
        return new Sample(
                wall / 1e6,
                (cpu - server) / 1e6,
                server / 1e6,
                traffic.requests(),
                traffic.bytesToApps(),
                traffic.bytesFromApps(),
                clocks.length == 0 ? -1 : clocks[clocks.length / 2],
                clocks.length == 0 ? -1 : clocks[clocks.length - 1]);
    }

    private static Sample median(List<Sample> samples) {
        int mid = samples.size() / 2;
        return new Sample(
                samples.stream().mapToDouble(Sample::wallMs).sorted().toArray()[mid],
                samples.stream().mapToDouble(Sample::runnerCpuMs).sorted().toArray()[mid],
                samples.stream().mapToDouble(Sample::serverCpuMs).sorted().toArray()[mid],
                samples.get(mid).requests(),
                samples.get(mid).toApps(),
                samples.get(mid).fromApps(),
                (long) samples.stream()
                        .mapToDouble(Sample::clockMedianMicros)
                        .sorted()
                        .toArray()[mid],
                samples.stream().mapToLong(Sample::clockMaxMicros).max().orElse(-1));
    }

    private static void fit(String name, List<double[]> rows, int column) {
        double n = rows.size();
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (double[] r : rows) {
            sx += r[0];
            sy += r[column];
            sxx += r[0] * r[0];
            sxy += r[0] * r[column];
        }
        double b = (n * sxy - sx * sy) / (n * sxx - sx * sx);
        double a = (sy - b * sx) / n;
        System.out.printf(
                Locale.ROOT,
                "  %-14s a = %12.1f  b = %12.1f per worker  -> 100 workers %14.1f, 1,000 workers %14.1f%n",
                name,
                a,
                b,
                a + 100 * b,
                a + 1000 * b);
    }

    private static Map<String, String> arguments(String[] args) {
        Map<String, String> a = new java.util.HashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("arguments are name=value; got " + arg);
            }
            a.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        return a;
    }
}
