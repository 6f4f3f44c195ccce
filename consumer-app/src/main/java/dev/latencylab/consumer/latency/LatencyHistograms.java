package dev.latencylab.consumer.latency;

import dev.latencylab.core.latency.HeldLatency;
import dev.latencylab.core.latency.LatencyBucketCounts;
import dev.latencylab.core.latency.LatencyRecorder;
import io.micrometer.core.instrument.Clock;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Exports e2e latency as Prometheus histograms, one pair per phase tagged with the runner's phase
 * id alone (the producer's {@code lab_phase_info} gives each id its name and settings), read at
 * scrape time from the HdrHistograms the recorder keeps per phase: the names, buckets ({@code
 * LatencyBuckets}), labels and {@code _max} gauges the Micrometer timers had, which cost every
 * record two bucket searches on the polling thread. The series follow the recorder's held phases: a
 * phase the recorder drops (a release) stays exported {@link #KEPT_AFTER_RELEASE} more; at most
 * {@link LatencyRecorder#MAX_PHASES} such at once, beyond which the oldest goes early (its samples
 * counted in {@code lab.consumer.unexported.samples}).
 */
@Component
class LatencyHistograms implements MultiCollector {

    /**
     * How long a released phase's series stay exported: two of the lab's Prometheus scrape intervals
     * (5 s), so the scrape after its last records still finds them and the dashboards keep the phase's
     * final seconds. Counted from the first scrape that finds the phase gone.
     */
    static final Duration KEPT_AFTER_RELEASE = Duration.ofSeconds(10);

    private static final double[] BOUNDS = LatencyBucketCounts.upperBoundsSeconds();
    private static final String LATENCY = "lab_e2e_latency_seconds";
    private static final String LATENCY_HELP = "Consume time minus actual send time";
    private static final String CORRECTED = "lab_e2e_corrected_latency_seconds";
    private static final String CORRECTED_HELP =
            "Consume time minus intended send time (coordinated-omission corrected)";

    private final LatencyRecorder recorder;
    private final Clock clock;
    private final Map<Integer, PhaseSeries> byPhase = new TreeMap<>();
    private long unexported;

    @Autowired
    LatencyHistograms(LatencyRecorder recorder, PrometheusRegistry prometheus) {
        this(recorder, Clock.SYSTEM);
        prometheus.register(this);
    }

    LatencyHistograms(LatencyRecorder recorder, Clock clock) {
        this.recorder = recorder;
        this.clock = clock;
    }

    @Override
    public synchronized MetricSnapshots collect() {
        List<HeldLatency> held = recorder.heldLatencies();
        long now = clock.monotonicTime();
        Set<HeldLatency> stillHeld = new HashSet<>(held);
        byPhase.values().forEach(s -> s.keepOnly(stillHeld, now));
        held.forEach(h -> byPhase.computeIfAbsent(h.phase(), p -> new PhaseSeries(p, clock))
                .hold(h));
        byPhase.values().removeIf(s -> s.releasedFor(KEPT_AFTER_RELEASE.toNanos(), now));
        dropOldestReleasedBeyondBound();
        return snapshots();
    }

    /** Samples of released phases dropped before their time (for tests). */
    synchronized long unexported() {
        return unexported;
    }

    private void dropOldestReleasedBeyondBound() {
        List<PhaseSeries> released = byPhase.values().stream()
                .filter(PhaseSeries::released)
                .sorted(Comparator.comparingLong(PhaseSeries::releasedAtNanos))
                .toList();
        for (int i = 0; i < released.size() - LatencyRecorder.MAX_PHASES; i++) {
            PhaseSeries dropped = released.get(i);
            unexported += dropped.read()[0].count();
            byPhase.remove(dropped.phase);
        }
    }

    private MetricSnapshots snapshots() {
        HistogramSnapshot.Builder latency =
                HistogramSnapshot.builder().name(LATENCY).help(LATENCY_HELP);
        HistogramSnapshot.Builder corrected =
                HistogramSnapshot.builder().name(CORRECTED).help(CORRECTED_HELP);
        GaugeSnapshot.Builder latencyMax =
                GaugeSnapshot.builder().name(LATENCY + "_max").help(LATENCY_HELP);
        GaugeSnapshot.Builder correctedMax =
                GaugeSnapshot.builder().name(CORRECTED + "_max").help(CORRECTED_HELP);
        for (PhaseSeries series : byPhase.values()) {
            LatencyBucketCounts[] counts = series.read();
            if (!series.sampled()) {
                continue; // a phase with no sample yet (redeliveries, unsampled values) has no series, as before
            }
            Labels phase = Labels.of("phase", Integer.toString(series.phase));
            latency.dataPoint(histogram(phase, counts[0]));
            corrected.dataPoint(histogram(phase, counts[1]));
            latencyMax.dataPoint(gauge(phase, series.latencyMaxSeconds()));
            correctedMax.dataPoint(gauge(phase, series.correctedMaxSeconds()));
        }
        CounterSnapshot.Builder unexportedSamples = CounterSnapshot.builder()
                .name("lab_consumer_unexported_samples")
                .help("Latency samples not exported to Prometheus: more than " + LatencyRecorder.MAX_PHASES
                        + " released phase series kept at once (the report's figures still hold them)")
                .dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder()
                        .value(unexported)
                        .build());
        return new MetricSnapshots(
                latency.build(),
                corrected.build(),
                latencyMax.build(),
                correctedMax.build(),
                unexportedSamples.build());
    }

    private static HistogramSnapshot.HistogramDataPointSnapshot histogram(Labels phase, LatencyBucketCounts counts) {
        return HistogramSnapshot.HistogramDataPointSnapshot.builder()
                .labels(phase)
                .classicHistogramBuckets(ClassicHistogramBuckets.of(BOUNDS, counts.counts()))
                .sum(counts.sumSeconds())
                .build();
    }

    private static GaugeSnapshot.GaugeDataPointSnapshot gauge(Labels phase, double seconds) {
        return GaugeSnapshot.GaugeDataPointSnapshot.builder()
                .labels(phase)
                .value(seconds)
                .build();
    }
}
