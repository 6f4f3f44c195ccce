package dev.latencylab.runner.results;

import dev.latencylab.api.wait.Sleeper;
import dev.latencylab.runner.endpoint.PrometheusClient;
import dev.latencylab.runner.results.collect.BrokerMetrics;
import dev.latencylab.runner.results.collect.MetricsCollector;
import dev.latencylab.runner.results.collect.PhaseMark;
import dev.latencylab.runner.results.collect.PhaseMetrics;
import dev.latencylab.runner.results.collect.RunSeries;
import dev.latencylab.runner.results.report.LatencySpectrum;
import dev.latencylab.runner.results.report.ResultsWriter;
import dev.latencylab.runner.results.summary.EnvironmentInfo;
import dev.latencylab.runner.results.summary.RunSummary;
import dev.latencylab.runner.results.summary.SummaryBuilder;
import dev.latencylab.runner.run.PhaseRecord;
import dev.latencylab.runner.run.RunRecord;
import dev.latencylab.runner.run.StackWarmupRecord;
import dev.latencylab.runner.scenario.Durations;
import dev.latencylab.runner.scenario.RunPlan;
import dev.latencylab.runner.scenario.Scenario;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A finished run's report: once Prometheus has scraped the run's last window, its figures for
 * every phase are collected, the summary built, the results folder written and its summary
 * printed.
 */
public final class RunReport {

    /** Prometheus scrapes every 5 s; one interval plus a margin after a window ends, its last samples are in. */
    static final Duration SCRAPE_SETTLE = Duration.ofSeconds(6);

    private final PrometheusClient prometheus;
    private final BrokerMetrics brokers;
    private final Clock clock;
    private final Sleeper sleeper;
    private final PrintStream out;
    private final int cores;

    /**
     * @param brokers where the brokers' figures are read (the lab's Prometheus, or the user's)
     * @param cores the cores of the one machine every process of the run ran on; 0 when some ran elsewhere
     *     (then no figure is read against a machine's cores)
     */
    public RunReport(
            PrometheusClient prometheus,
            BrokerMetrics brokers,
            Clock clock,
            Sleeper sleeper,
            PrintStream out,
            int cores) {
        this.prometheus = prometheus;
        this.brokers = brokers;
        this.clock = clock;
        this.sleeper = sleeper;
        this.out = out;
        this.cores = cores;
    }

    /**
     * A note for a scenario with a measured window under 10 s, which holds fewer than two of
     * Prometheus' scrapes; empty when every window is long enough.
     */
    public static Optional<String> shortWindowNote(Scenario scenario) {
        if (scenario.phases().stream().anyMatch(p -> p.duration().toSeconds() < 10)) {
            return Optional.of(
                    "note: a measured window under 10 s holds fewer than two Prometheus scrapes; its Prometheus figures may be n/a.");
        }
        return Optional.empty();
    }

    /** Writes the run's results folder under {@code resultsRoot} and returns it. */
    public Path write(
            RunRecord record,
            RunPlan plan,
            StackWarmupRecord stackWarmup,
            Map<String, String> endpoints,
            Path resultsRoot)
            throws InterruptedException {
        MetricsCollector collector = new MetricsCollector(prometheus, brokers);
        Map<Integer, PhaseMetrics> metrics = new HashMap<>();
        List<PhaseMark> marks = new ArrayList<>();
        Instant seriesStart = record.phases().isEmpty()
                ? record.startedAt()
                : record.phases().get(0).startedAt();
        Instant seriesEnd = record.phases().isEmpty()
                ? record.endedAt()
                : record.phases().get(record.phases().size() - 1).measureEnd();
        String kafkaVersion = null;
        if (!record.phases().isEmpty()) {
            Instant settled = seriesEnd.plus(SCRAPE_SETTLE);
            Duration wait = Duration.between(clock.instant(), settled);
            if (!wait.isNegative() && !wait.isZero()) {
                out.println("Waiting " + Durations.format(wait.withNanos(0).plusSeconds(1))
                        + " for Prometheus' last scrape of the run...");
                sleeper.sleep(wait);
            }
            for (PhaseRecord p : record.phases()) {
                metrics.put(p.index(), collector.phase(p.measureEnd(), p.measured()));
                marks.add(new PhaseMark(
                        RunPlan.label(p.phase().name(), p.phase().repeat(), plan.repeats()),
                        p.startedAt(),
                        p.measureStart(),
                        p.measureEnd()));
            }
            kafkaVersion = collector.producerKafkaVersion(seriesEnd).orElse(null);
        }
        RunSeries series = new RunSeries(
                seriesStart,
                seriesEnd,
                MetricsCollector.STEP.toSeconds(),
                marks,
                record.phases().isEmpty() ? List.of() : collector.series(seriesStart, seriesEnd));
        RunSummary summary = SummaryBuilder.build(
                record, plan, stackWarmup, metrics, cores, collector.warnings(), collector.brokerIdsStable());
        EnvironmentInfo env = EnvironmentInfo.describe(
                kafkaVersion, record.startedAt(), record.endedAt(), new LinkedHashMap<>(endpoints));
        try {
            Path dir = ResultsWriter.folder(
                    resultsRoot, record.startedAt(), record.scenario().name());
            ResultsWriter writer = new ResultsWriter();
            // Before the charts: the spectrum is drawn from what this writes.
            LatencySpectrum.write(dir, LatencySpectrum.entries(record));
            writer.write(dir, record.scenario(), env, summary, series);
            out.println();
            out.print(Files.readString(dir.resolve("summary.md")));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "could not write the results under " + resultsRoot + ": " + e.getMessage(), e);
        }
    }
}
