package dev.latencylab.runner.results.collect;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class PhaseQueriesTest {

    @Test
    void ratesCoverExactlyTheMeasuredWindow() {
        PhaseQueries q = new PhaseQueries(Duration.ofSeconds(20));

        assertThat(q.requests("Produce"))
                .isEqualTo(
                        "sum(rate(kafka_network_requestmetrics_requests_total{job=\"kafka\",request=\"Produce\"}[20s]))");
        assertThat(q.producerCpu()).isEqualTo("sum(rate(process_cpu_time_ns_total{job=\"producer-app\"}[20s])) / 1e9");
        assertThat(q.bytesIn()).contains("topic=\"\"").contains("[20s]");
    }

    @Test
    void everyTargetIsSelectedByItsJobTheOneLabelAllHaveInBothModes() {
        PhaseQueries q = new PhaseQueries(Duration.ofSeconds(20));

        assertThat(q.consumerCpu()).isEqualTo("sum(rate(process_cpu_time_ns_total{job=\"consumer-app\"}[20s])) / 1e9");
        assertThat(q.brokerCpu()).isEqualTo("sum by (broker) (rate(process_cpu_seconds_total{job=\"kafka\"}[20s]))");
        assertThat(q.bytesIn())
                .isEqualTo("sum(rate(kafka_server_brokertopicmetrics_bytesin_total{job=\"kafka\",topic=\"\"}[20s]))");
        assertThat(q.consumerQuantile("lab_e2e_latency_seconds", 0.99))
                .isEqualTo(
                        "histogram_quantile(0.99, sum by (le) (rate(lab_e2e_latency_seconds_bucket{job=\"consumer-app\"}[20s])))");
    }

    @Test
    void aClientGaugeIsReadAtTheEndOfAWindowShorterThanItsOwnAverage() {
        // The client's own average trails 30-60 s: averaging it over a 20 s window would count the
        // phase's first seconds again and again, so it is read once, at the window's end.
        String gauge = new PhaseQueries(Duration.ofSeconds(20)).producerGauge("kafka_producer_records_per_request_avg");

        assertThat(gauge)
                .isEqualTo("max(max without(client_id, spring_id, kafka_version) "
                        + "(kafka_producer_records_per_request_avg{job=\"producer-app\"} >= 0))");
    }

    @Test
    void aClientGaugeIsAveragedOverTheLaterPartOfALongWindow() {
        String gauge = new PhaseQueries(Duration.ofSeconds(270)).producerGauge("kafka_producer_batch_size_avg");

        assertThat(gauge)
                .isEqualTo("max(avg_over_time(max without(client_id, spring_id, kafka_version) "
                        + "(kafka_producer_batch_size_avg{job=\"producer-app\"} >= 0)[240s:5s]))");
    }

    @Test
    void aClientCounterIsItsGrowthOverTheWindowSummedOverEveryProducerItHad() {
        PhaseQueries q = new PhaseQueries(Duration.ofSeconds(50));

        assertThat(q.producerCounterIncrease(PhaseQueries.CLIENT_RECORDS_SENT))
                .isEqualTo("sum(increase(kafka_producer_record_send_total{job=\"producer-app\"}[50s]))");
        assertThat(q.producerCounterIncrease(PhaseQueries.CLIENT_REQUESTS))
                .isEqualTo("sum(increase(kafka_producer_request_total{job=\"producer-app\"}[50s]))");
        // Micrometer's names of the client's outgoing-byte-total and the per-topic byte-total / record-send-total.
        assertThat(List.of(
                        PhaseQueries.CLIENT_BYTES_SENT,
                        PhaseQueries.CLIENT_BATCH_BYTES,
                        PhaseQueries.CLIENT_BATCH_RECORDS))
                .containsExactly(
                        "kafka_producer_outgoing_byte_total",
                        "kafka_producer_topic_byte_total",
                        "kafka_producer_topic_record_send_total");
    }

    @Test
    void chartRatesSpanFourScrapeIntervals() {
        assertThat(MetricsCollector.CHART_RANGE).isEqualTo("20s");
        // The charts draw the phase figures' own queries, with the charts' range.
        assertThat(new PhaseQueries(MetricsCollector.CHART_WINDOW).requests("FetchFollower"))
                .isEqualTo(
                        "sum(rate(kafka_network_requestmetrics_requests_total{job=\"kafka\",request=\"FetchFollower\"}[20s]))");
    }

    @Test
    void gcPausesAreEachProcessesPauseTimePerSecondOfTheWindow() {
        PhaseQueries q = new PhaseQueries(Duration.ofSeconds(15));

        assertThat(q.producerGcPause()).isEqualTo("sum(rate(jvm_gc_pause_seconds_sum{job=\"producer-app\"}[15s]))");
        assertThat(q.consumerGcPause()).isEqualTo("sum(rate(jvm_gc_pause_seconds_sum{job=\"consumer-app\"}[15s]))");
        assertThat(q.brokerGcPause()).isEqualTo("sum(rate(jvm_gc_collection_seconds_sum{job=\"kafka\"}[15s]))");
    }

    @Test
    void aUsersBrokersArePickedByTheirSelectorAndToldApartByInstance() {
        PhaseQueries q = new PhaseQueries(Duration.ofSeconds(20), "namespace=\"kafka\",job=~\"kafka.*\"", "instance");

        assertThat(q.requests("Produce"))
                .isEqualTo("sum(rate(kafka_network_requestmetrics_requests_total{namespace=\"kafka\",job=~\"kafka.*\","
                        + "request=\"Produce\"}[20s]))");
        assertThat(q.bytesIn())
                .isEqualTo(
                        "sum(rate(kafka_server_brokertopicmetrics_bytesin_total{namespace=\"kafka\",job=~\"kafka.*\","
                                + "topic=\"\"}[20s]))");
        assertThat(q.brokerCpu())
                .isEqualTo(
                        "sum by (instance) (rate(process_cpu_seconds_total{namespace=\"kafka\",job=~\"kafka.*\"}[20s]))");
        assertThat(q.brokerGcPause())
                .isEqualTo("sum(rate(jvm_gc_collection_seconds_sum{namespace=\"kafka\",job=~\"kafka.*\"}[20s]))");
        assertThat(q.producerCpu())
                .as("the apps stay the lab's")
                .isEqualTo("sum(rate(process_cpu_time_ns_total{job=\"producer-app\"}[20s])) / 1e9");
    }

    @Test
    void withoutASelectorTheKafkaMetricsArePickedByNameAlone() {
        PhaseQueries q = new PhaseQueries(Duration.ofSeconds(20), "", "instance");

        assertThat(q.requests("FetchConsumer"))
                .isEqualTo("sum(rate(kafka_network_requestmetrics_requests_total{request=\"FetchConsumer\"}[20s]))");
        assertThat(q.bytesIn()).isEqualTo("sum(rate(kafka_server_brokertopicmetrics_bytesin_total{topic=\"\"}[20s]))");
    }
}
