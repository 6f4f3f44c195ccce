package dev.latencylab.producer.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.latencylab.core.latency.LatencyBuckets;
import io.micrometer.core.instrument.MockClock;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The producer's histograms, read at scrape time: the Micrometer timers' series, growing over the app's life. */
class SenderHistogramsTest {

    private static final long[] MICROS = {0, 40, 50, 51, 100, 700, 1_000, 1_234, 5_000, 20_000, 20_001, 70_000_000};

    private final MockClock clock = new MockClock();
    private final SenderHistograms histograms = new SenderHistograms(clock);
    private final PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

    {
        prometheus.getPrometheusRegistry().register(histograms);
    }

    /** What the dashboards and the tools read: the names, le labels, counts and max of the timers they replace. */
    @Test
    void theScrapeIsTheMicrometerTimersWithTheLabsBuckets() {
        PrometheusMeterRegistry micrometer = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Timer delay =
                timer(micrometer, "lab.producer.publish.delay", "Actual minus intended send time (open-loop lateness)");
        Timer ack = timer(micrometer, "lab.producer.ack.latency", "Send call to acknowledgement");
        for (long m : MICROS) {
            delay.record(m, TimeUnit.MICROSECONDS);
            histograms.publishDelay.recordMicros(m);
        }
        ack.record(3_000, TimeUnit.MICROSECONDS);
        histograms.ackLatency.recordMicros(3_000);

        String expected = micrometer.scrape();
        String exported = prometheus.scrape();
        for (String name : List.of("lab_producer_publish_delay_seconds", "lab_producer_ack_latency_seconds")) {
            // HELP and TYPE twice, 98 buckets and +Inf, the count and the max gauge
            assertThat(lines(exported, name)).hasSize(105).isEqualTo(lines(expected, name));
            assertThat(value(exported, name + "_sum"))
                    .as("the HdrHistogram's sum is within its precision")
                    .isCloseTo(value(expected, name + "_sum"), within(value(expected, name + "_sum") * 1e-3));
        }
    }

    @Test
    void countSumAndBucketsOnlyGrowOverScrapesAndTheMaxIsTheRecentOne() {
        for (long m : MICROS) {
            histograms.publishDelay.recordMicros(m);
        }
        String first = prometheus.scrape();
        histograms.publishDelay.recordMicros(300);
        histograms.publishDelay.recordMicros(300);
        clock.add(Duration.ofMinutes(7)); // past the whole ring of a timer max: the recent maximum is the 300 µs
        String second = prometheus.scrape();

        String name = "lab_producer_publish_delay_seconds";
        assertThat(value(first, name + "_count")).isEqualTo(MICROS.length);
        assertThat(value(second, name + "_count")).isEqualTo(MICROS.length + 2);
        assertThat(value(second, name + "_sum")).isCloseTo(value(first, name + "_sum") + 600e-6, within(1e-6));
        assertThat(value(first, name + "_bucket{le=\"3.0E-4\"}")).isEqualTo(5);
        assertThat(value(second, name + "_bucket{le=\"3.0E-4\"}")).isEqualTo(7);
        assertThat(value(second, name + "_bucket{le=\"+Inf\"}")).isEqualTo(MICROS.length + 2);
        assertThat(value(first, name + "_max")).isEqualTo(70.0);
        assertThat(value(second, name + "_max")).isEqualTo(300e-6);
        assertThat(value(second, "lab_producer_ack_latency_seconds_count")).isZero();
    }

    private static Timer timer(PrometheusMeterRegistry registry, String name, String description) {
        Duration[] buckets = LatencyBuckets.boundaries();
        return Timer.builder(name)
                .description(description)
                .serviceLevelObjectives(buckets)
                .minimumExpectedValue(buckets[0])
                .maximumExpectedValue(buckets[buckets.length - 1])
                .register(registry);
    }

    /** The histogram's and max's lines but the sum. */
    private static List<String> lines(String scrape, String name) {
        return scrape.lines()
                .filter(l -> l.contains(name) && !l.startsWith(name + "_sum"))
                .toList();
    }

    private static double value(String scrape, String series) {
        Matcher m = Pattern.compile("^" + Pattern.quote(series) + " (\\S+)$", Pattern.MULTILINE)
                .matcher(scrape);
        assertThat(m.find()).as("%s in the scrape", series).isTrue();
        return Double.parseDouble(m.group(1));
    }
}
