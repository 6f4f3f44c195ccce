package dev.latencylab.consumer.latency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.accounting.PhaseIds;
import dev.latencylab.core.accounting.OffsetLedgers;
import dev.latencylab.core.header.LabHeader;
import dev.latencylab.core.header.RecordStamp;
import dev.latencylab.core.latency.LatencyBuckets;
import dev.latencylab.core.latency.LatencyRecorder;
import io.micrometer.core.instrument.MockClock;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The e2e histograms: one pair per phase read from the recorder's histograms at scrape time, in a
 * Micrometer timer's names and buckets, kept {@link LatencyHistograms#KEPT_AFTER_RELEASE} after the
 * recorder drops a phase, and bounded.
 */
class LatencyHistogramsTest {

    private static final UUID PRODUCER = UUID.fromString("00000000-0000-0000-0000-000000000007");
    private static final long T0 = 1_763_769_600_000_000L;
    private static final Pattern COUNT =
            Pattern.compile("^lab_e2e_latency_seconds_count\\{phase=\"(\\d+)\"} (\\d+)$", Pattern.MULTILINE);

    private final MockClock clock = new MockClock();
    private final LatencyRecorder recorder = new LatencyRecorder(Duration.ofSeconds(5), OffsetLedgers.inMemory());
    private final PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final LatencyHistograms histograms = new LatencyHistograms(recorder, clock);
    private long sequence;

    {
        prometheus.getPrometheusRegistry().register(histograms);
    }

    @Test
    void eachPhaseIdIsOneSeriesTaggedWithTheIdAlone() {
        record(7001, 3);
        record(7002, 2);
        record(0, 1);
        record(0, 4);

        assertThat(countsByPhase()).containsExactly(Map.entry("0", 5L), Map.entry("7001", 3L), Map.entry("7002", 2L));
        assertThat(prometheus.scrape().lines().filter(l -> l.startsWith("lab_e2e_latency_seconds_count")))
                .allSatisfy(l -> assertThat(l).matches("lab_e2e_latency_seconds_count\\{phase=\"\\d+\"} \\d+"));
    }

    /** What the dashboards read: the names, the le labels, the counts and the max of a Micrometer timer. */
    @Test
    void theScrapeIsAMicrometerTimersWithTheLabsBuckets() {
        long[] micros = {40, 50, 51, 100, 700, 1_000, 1_234, 5_000, 20_000, 20_001, 70_000_000};
        PrometheusMeterRegistry micrometer = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Duration[] buckets = LatencyBuckets.boundaries();
        Timer timer = Timer.builder("lab.e2e.latency")
                .description("Consume time minus actual send time")
                .tags("phase", "7001")
                .serviceLevelObjectives(buckets)
                .minimumExpectedValue(buckets[0])
                .maximumExpectedValue(buckets[buckets.length - 1])
                .register(micrometer);
        for (long m : micros) {
            timer.record(m, TimeUnit.MICROSECONDS);
            recordAfter(7001, m);
        }

        List<String> expected = latencyLines(micrometer.scrape());
        List<String> exported = latencyLines(prometheus.scrape());
        assertThat(exported).hasSize(105).isEqualTo(expected); // HELP and TYPE twice, 99 buckets, count, max
    }

    @Test
    void aReleasedPhaseStaysExportedForTheKeptTimeThenGoesAndALateRecordOpensItAgain() {
        record(0, 1);
        record(7001, 3);
        record(7002, 2);
        prometheus.scrape();

        recorder.release(7001);
        // Kept for the scrapes after the phase's last records: the dashboards keep its final seconds.
        assertThat(countsByPhase()).containsExactly(Map.entry("0", 1L), Map.entry("7001", 3L), Map.entry("7002", 2L));
        clock.add(LatencyHistograms.KEPT_AFTER_RELEASE.minusNanos(1));
        assertThat(countsByPhase()).containsKey("7001");

        clock.add(Duration.ofNanos(1));
        assertThat(countsByPhase()).containsExactly(Map.entry("7002", 2L));
        assertThat(prometheus.scrape()).contains("lab_e2e_corrected_latency_seconds_count{phase=\"7002\"} 2");
        assertThat(prometheus.scrape()).doesNotContain("phase=\"7001\"");

        record(7001, 1);
        assertThat(countsByPhase()).containsEntry("7001", 1L);
    }

    /** Records between the last scrape and the release are exported: the scrape after reads the dropped entry. */
    @Test
    void aReleasedPhasesLastRecordsBeforeTheReleaseAreExported() {
        record(7001, 3);
        prometheus.scrape();
        record(7001, 2);

        recorder.release(7001);

        assertThat(countsByPhase()).containsExactly(Map.entry("7001", 5L));
    }

    @Test
    void aReleasedPhaseThatALateRecordOpenedAgainCountsOnAndKeepsItsSeries() {
        record(7001, 3);
        prometheus.scrape();
        recorder.release(7001);
        prometheus.scrape();
        record(7001, 1);
        clock.add(LatencyHistograms.KEPT_AFTER_RELEASE);

        assertThat(countsByPhase()).containsExactly(Map.entry("7001", 4L));
    }

    /** The runner releases no phase by hand: their series go as the recorder drops them, oldest first, kept as long. */
    @Test
    void seriesOfPhasesByHandBeyondTheNewestFewGoOldestFirstKeptAsLongAsAReleasedPhases() {
        int first = PhaseIds.FIRST_BY_HAND + 40;
        for (int i = 0; i <= PhaseIds.KEPT_BY_HAND; i++) {
            record(first + i, 1);
            prometheus.scrape();
        }
        assertThat(countsByPhase()).hasSize(PhaseIds.KEPT_BY_HAND + 1).containsKey(Integer.toString(first));
        clock.add(LatencyHistograms.KEPT_AFTER_RELEASE);

        assertThat(countsByPhase())
                .hasSize(PhaseIds.KEPT_BY_HAND)
                .doesNotContainKey(Integer.toString(first))
                .containsKey(Integer.toString(first + 1));
    }

    @Test
    void releasedSeriesBeyondTheBoundGoEarlyOldestFirstAndTheirSamplesAreCounted() {
        for (int phase = 1; phase <= LatencyRecorder.MAX_PHASES + 1; phase++) {
            record(phase, phase == 1 ? 2 : 1);
            prometheus.scrape();
            recorder.release(phase);
            clock.add(Duration.ofMillis(1));
        }

        Map<String, Long> counts = countsByPhase();

        assertThat(counts).hasSize(LatencyRecorder.MAX_PHASES).doesNotContainKey("1");
        assertThat(histograms.unexported()).isEqualTo(2);
        assertThat(prometheus.scrape()).contains("lab_consumer_unexported_samples_total 2.0");
    }

    /** What docs/how-latency-is-measured.md says a histogram costs Prometheus, per phase. */
    @Test
    void eachHistogramIsOneHundredAndTwoSeriesPerPhase() {
        record(7001, 1);

        // 98 buckets and +Inf, the count, the sum and the max gauge.
        long series = prometheus
                .scrape()
                .lines()
                .filter(l -> l.startsWith("lab_e2e_latency_seconds") && l.contains("phase=\"7001\""))
                .count();
        assertThat(series).isEqualTo(102);
    }

    private void record(int phase, int times) {
        for (int i = 0; i < times; i++) {
            recordAfter(phase, 1_000);
        }
    }

    private void recordAfter(int phase, long latencyMicros) {
        long seq = sequence++;
        byte[] header = LabHeader.encode(new RecordStamp(T0 - 500, T0, seq, PRODUCER, phase));
        recorder.record(header, "{}".getBytes(StandardCharsets.US_ASCII), "lab.orders", 0, seq, T0 + latencyMicros);
    }

    private Map<String, Long> countsByPhase() {
        Map<String, Long> counts = new TreeMap<>();
        Matcher m = COUNT.matcher(prometheus.scrape());
        while (m.find()) {
            counts.put(m.group(1), Long.parseLong(m.group(2)));
        }
        return counts;
    }

    /** The latency histogram's and max's lines but the sum (the HdrHistogram's is within its precision). */
    private static List<String> latencyLines(String scrape) {
        return scrape.lines()
                .filter(l -> l.contains("lab_e2e_latency_seconds") && !l.startsWith("lab_e2e_latency_seconds_sum"))
                .toList();
    }
}
