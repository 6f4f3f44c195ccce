package dev.latencylab.consumer.latency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.accounting.PhaseIds;
import dev.latencylab.core.accounting.OffsetLedgers;
import dev.latencylab.core.accounting.SequenceOutcome;
import dev.latencylab.core.latency.LatencyRecorder;
import dev.latencylab.core.latency.RecordResult;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The e2e histograms are one pair per phase, released with the recorder's phases, and bounded. */
class LatencyMetricsTest {

    private SimpleMeterRegistry registry;
    private LatencyMetrics metrics;
    private final long[] nanos = {0};

    @BeforeEach
    void setUp() {
        registry = new SimpleMeterRegistry();
        metrics = new LatencyMetrics(
                registry, new LatencyRecorder(Duration.ofSeconds(5), OffsetLedgers.inMemory()), () -> nanos[0]);
    }

    @Test
    void eachPhaseIdIsOneSeriesTaggedWithTheIdAlone() {
        record(7001, 3);
        record(7002, 2);
        record(0, 1);
        record(0, 4);

        assertThat(countsByPhase()).containsExactly(Map.entry("0", 5L), Map.entry("7001", 3L), Map.entry("7002", 2L));
        assertThat(registry.find("lab.e2e.latency").timers())
                .allSatisfy(t -> assertThat(t.getId().getTags())
                        .extracting(io.micrometer.core.instrument.Tag::getKey)
                        .containsExactly("phase"));
    }

    @Test
    void releaseRemovesThePhasesUpToTheIdWithTheWarmUpsAndALateRecordOpensItsSeriesAgain() {
        record(0, 1);
        record(7001, 3);
        record(7002, 2);

        metrics.release(7001);
        // Kept for the scrapes after the phase's last records: the dashboards keep its final seconds.
        assertThat(countsByPhase()).containsExactly(Map.entry("0", 1L), Map.entry("7001", 3L), Map.entry("7002", 2L));
        nanos[0] += LatencyMetrics.KEPT_AFTER_RELEASE.toNanos() - 1;
        metrics.release(7001);
        assertThat(metrics.exports(7001)).isTrue();

        nanos[0] += 1;
        metrics.release(7001);

        assertThat(countsByPhase()).containsExactly(Map.entry("7002", 2L));
        assertThat(registry.find("lab.e2e.corrected.latency").timers()).hasSize(1);

        record(7001, 1);
        assertThat(countsByPhase()).containsEntry("7001", 1L);
    }

    /** The runner releases none of the phases by hand: their series go by age, kept for the scrapes after. */
    @Test
    void seriesOfPhasesByHandBeyondTheNewestFewAreRetiredOldestFirstWhateverTheRunnerReleases() {
        int first = PhaseIds.FIRST_BY_HAND + 40;
        for (int i = 0; i <= PhaseIds.KEPT_BY_HAND; i++) {
            record(first + i, 1);
            metrics.release(7001);
        }
        // The oldest is retired, not yet removed: the next scrape still finds its last samples.
        assertThat(metrics.exports(first)).isTrue();
        nanos[0] += LatencyMetrics.KEPT_AFTER_RELEASE.toNanos();
        record(first + PhaseIds.KEPT_BY_HAND + 1, 1);

        // Gone once kept long enough; the next oldest retired now, kept as long in its turn.
        assertThat(metrics.exports(first)).isFalse();
        assertThat(metrics.exports(first + 1)).isTrue();
        assertThat(countsByPhase()).hasSize(PhaseIds.KEPT_BY_HAND + 1);
        nanos[0] += LatencyMetrics.KEPT_AFTER_RELEASE.toNanos();
        metrics.release(7001);
        assertThat(metrics.exports(first + 1)).isFalse();
        assertThat(countsByPhase()).hasSize(PhaseIds.KEPT_BY_HAND);
    }

    @Test
    void aReleasedPhaseThatALateRecordOpenedAgainKeepsItsSeries() {
        record(7001, 3);
        metrics.release(7001);
        record(7001, 1);
        nanos[0] += LatencyMetrics.KEPT_AFTER_RELEASE.toNanos();

        metrics.release(7000);

        assertThat(countsByPhase()).containsExactly(Map.entry("7001", 4L));
    }

    @Test
    void beyondTheBoundSamplesAreCountedAsUnexportedUntilAReleaseMakesRoom() {
        for (int phase = 1; phase <= LatencyRecorder.MAX_PHASES; phase++) {
            record(phase, 1);
        }
        record(LatencyRecorder.MAX_PHASES + 1, 2);

        assertThat(registry.find("lab.e2e.latency").timers()).hasSize(LatencyRecorder.MAX_PHASES);
        assertThat(registry.get("lab.consumer.unexported.samples")
                        .functionCounter()
                        .count())
                .isEqualTo(2);

        metrics.release(LatencyRecorder.MAX_PHASES);
        record(LatencyRecorder.MAX_PHASES + 1, 1);
        nanos[0] += LatencyMetrics.KEPT_AFTER_RELEASE.toNanos();
        metrics.release(0);
        assertThat(countsByPhase()).containsExactly(Map.entry((LatencyRecorder.MAX_PHASES + 1) + "", 1L));
    }

    /** What docs/how-latency-is-measured.md says a histogram costs Prometheus, per phase. */
    @Test
    void eachHistogramIsOneHundredAndTwoSeriesPerPhase() {
        io.micrometer.prometheusmetrics.PrometheusMeterRegistry prometheus =
                new io.micrometer.prometheusmetrics.PrometheusMeterRegistry(
                        io.micrometer.prometheusmetrics.PrometheusConfig.DEFAULT);
        LatencyMetrics exported =
                new LatencyMetrics(prometheus, new LatencyRecorder(Duration.ofSeconds(5), OffsetLedgers.inMemory()));
        exported.onRecord(new RecordResult(RecordResult.Status.MEASURED, 7001, 1_000, 1_500, SequenceOutcome.RECEIVED));

        // 98 buckets and +Inf, the count, the sum and Micrometer's max gauge.
        long series = prometheus
                .scrape()
                .lines()
                .filter(l -> l.startsWith("lab_e2e_latency_seconds") && l.contains("phase=\"7001\""))
                .count();
        assertThat(series).isEqualTo(102);
    }

    private void record(int phase, int times) {
        for (int i = 0; i < times; i++) {
            metrics.onRecord(
                    new RecordResult(RecordResult.Status.MEASURED, phase, 1_000, 1_500, SequenceOutcome.RECEIVED));
        }
    }

    private Map<String, Long> countsByPhase() {
        Map<String, Long> counts = new TreeMap<>();
        for (Timer t : registry.find("lab.e2e.latency").timers()) {
            counts.put(t.getId().getTag("phase"), t.count());
        }
        return counts;
    }
}
