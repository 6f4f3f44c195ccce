package dev.latencylab.runner.results.summary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.latencylab.api.accounting.AccountingLimits;
import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.latency.Percentiles;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.latency.Totals;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.runner.results.collect.PhaseMetrics;
import dev.latencylab.runner.run.PhaseDescription;
import dev.latencylab.runner.run.PhaseRecord;
import dev.latencylab.runner.run.RunRecord;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.ScenarioLoader;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SummaryBuilderTest {

    private static final Instant FROM = Instant.parse("2026-11-21T23:50:00Z");
    private static final PhaseRecord RECORD = recordOf(new Phase(
            "linger-5",
            new ProducerSettings(5, 16384, Compression.NONE, 1000, 400, KeyStrategy.ORDER_ID),
            Duration.ofSeconds(10),
            Duration.ofSeconds(50)));

    /** A phase of 50 s after 10 s of warm-up that sent 50,000 records. */
    private static PhaseRecord recordOf(Phase phase) {
        return new PhaseRecord(
                1,
                phase,
                1001,
                FROM.minusSeconds(10),
                FROM,
                FROM.plusSeconds(50),
                0,
                50_000,
                null,
                null,
                null,
                false,
                null,
                null,
                true,
                null);
    }

    private static PhaseMetrics client(
            Double records, Double requests, Double bytes, Double batchBytes, Double batched) {
        return new PhaseMetrics(
                null,
                null,
                Map.of(),
                null,
                null,
                null,
                null,
                records,
                requests,
                bytes,
                batchBytes,
                batched,
                1800.0,
                1.0,
                4.6,
                null,
                null,
                null,
                null);
    }

    @Test
    void aPercentileOfTooFewValuesIsLeftOutNotReportedAsTheMax() {
        Percentiles p = new Percentiles(0.5, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0);

        assertThat(SummaryBuilder.latency(p, 1_000)).isEqualTo(new PhaseSummary.Latency(1.0, 3.0, 4.0, 5.0, 6.0));
        assertThat(SummaryBuilder.latency(p, 999)).isEqualTo(new PhaseSummary.Latency(1.0, 3.0, 4.0, null, 6.0));
        assertThat(SummaryBuilder.latency(p, 99)).isEqualTo(new PhaseSummary.Latency(1.0, 3.0, null, null, 6.0));
        assertThat(SummaryBuilder.latency(p, 19)).isEqualTo(new PhaseSummary.Latency(1.0, null, null, null, 6.0));
    }

    @Test
    void severalInstancesPublishDelayPercentilesRestOnTheFewestSendsOfOne() {
        // Each merged percentile is the worst instance's own: of 600 sends, p99.9 is that instance's max.
        PhaseSends sends = new PhaseSends(
                1001,
                "lab.orders",
                1_200,
                1_200,
                0,
                new Percentiles(0.5, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0),
                List.of(),
                null,
                null);
        PhaseDescription two = new PhaseDescription("lab.orders", List.of(0, 1, 2), null, List.of())
                .withProducers(List.of(
                        new PhaseDescription.ProducerInstance("http://127.0.0.1:8080", 600, 600, 4.0),
                        new PhaseDescription.ProducerInstance("http://127.0.0.1:8082", 600, 600, 4.0)));

        PhaseSummary.Latency delay = SummaryBuilder.phase(withSends(sends, two), client(null, null, null, null, null))
                .publishDelayMs();
        PhaseSummary.Latency alone = SummaryBuilder.phase(withSends(sends, null), client(null, null, null, null, null))
                .publishDelayMs();

        assertThat(delay.p999()).isNull();
        assertThat(delay.p99()).isEqualTo(4.0);
        assertThat(alone.p999()).as("one instance's 1,200 sends").isEqualTo(5.0);
    }

    private static PhaseRecord withSends(PhaseSends sends, PhaseDescription description) {
        return new PhaseRecord(
                1,
                RECORD.phase(),
                1001,
                FROM.minusSeconds(10),
                FROM,
                FROM.plusSeconds(50),
                0,
                1_200,
                null,
                sends,
                null,
                true,
                description,
                null,
                true,
                null);
    }

    @Test
    void aDrainCountsItsRecordsWithoutALatencySampleAsDrainedToo() {
        // 100,000 records drained in 2 s, 40,000 of them a sample payload's lines that are not JSON.
        PhaseRecord mixed = drain(new PhaseView(
                5, 60_000, FROM, FROM.plusSeconds(2), null, null, 0, 0, 0, 0, 0, 0, null, null, null, 40_000, null));
        PhaseSummary.Drain d = SummaryBuilder.phase(mixed, client(null, null, null, null, null))
                .drain();

        assertThat(mixed.drainRate()).isEqualTo(50_000.0);
        assertThat(d.drained()).isEqualTo(100_000);
        assertThat(d.recordsPerSecond()).isEqualTo(50_000.0);
        // None of them JSON: drained all the same.
        PhaseRecord unsampled = drain(new PhaseView(
                5, 0, FROM, FROM.plusSeconds(4), null, null, 0, 0, 0, 0, 0, 0, null, null, null, 100_000, null));
        assertThat(unsampled.drainRate()).isEqualTo(25_000.0);
    }

    @Test
    void aDrainWhoseRecordsWereNotSeenHasItsFiguresNotAvailableNotZeroNorTheBacklogAsked() {
        PhaseSummary.Drain d = SummaryBuilder.phase(drain(null), client(null, null, null, null, null))
                .drain();

        assertThat(d.drained()).as("the consumer's view missing").isNull();
        assertThat(d.backlog())
                .as("the phase's counts unknown, not the 100,000 asked")
                .isNull();
        assertThat(d.recordsPerSecond()).isNull();
    }

    @Test
    void theBrokersCpuIsSummedOnlyWithAFigureOfEveryBrokerOtherPhasesHad() {
        PhaseMetrics two = brokers(Map.of("1", 0.3, "3", 0.4));
        Set<String> three = Set.of("1", "2", "3");

        PhaseSummary.Cpu partial = SummaryBuilder.phase(RECORD, two, three).cpuCores();
        assertThat(partial.brokers()).containsOnlyKeys("1", "3");
        assertThat(partial.brokersTotal())
                .as("not 0.7 cores presented as the brokers'")
                .isNull();
        assertThat(partial.total()).isNull();
        assertThat(SummaryBuilder.phase(RECORD, two, Set.of("1", "3"))
                        .cpuCores()
                        .brokersTotal())
                .isCloseTo(0.7, within(1e-9));
        assertThat(new BrokerCounts(three, 0, Optional.empty()).missing("linger-5", two.brokerCpu()))
                .hasValue("phase linger-5: Prometheus had no CPU figure of broker 2 over its window (other phases had"
                        + " one): the brokers' and the total CPU are n/a");
        assertThat(new BrokerCounts(three, 0, Optional.empty()).missing("linger-5", Map.of()))
                .as("none at all is said where it is collected")
                .isEmpty();
    }

    @Test
    void aUsersBrokersAreHeldToTheNumberMostPhasesHadAFigureOf() {
        PhaseMetrics three = brokers(Map.of("10.0.0.1:7071", 0.3, "10.0.0.2:7071", 0.3, "10.0.0.3:7071", 0.4));
        PhaseMetrics two = brokers(Map.of("10.0.0.1:7071", 0.3, "10.0.0.3:7071", 0.4));
        // A broker started again elsewhere within a phase: its old and its new target both have figures.
        PhaseMetrics moved =
                brokers(Map.of("10.0.0.1:7071", 0.3, "10.0.0.2:7071", 0.1, "10.0.0.3:7071", 0.4, "10.0.0.9:7071", 0.2));
        BrokerCounts counts = BrokerCounts.of(List.of(three, moved, two, three), false);
        int usual = counts.usual();

        assertThat(usual).isEqualTo(3);
        assertThat(counts.unsettled()).isEmpty();
        assertThat(SummaryBuilder.phase(RECORD, two, counts).cpuCores().brokersTotal())
                .as("not 0.7 cores presented as the brokers'")
                .isNull();
        assertThat(SummaryBuilder.phase(RECORD, three, counts).cpuCores().brokersTotal())
                .isCloseTo(1.0, within(1e-9));
        assertThat(SummaryBuilder.phase(RECORD, moved, counts).cpuCores().brokersTotal())
                .isCloseTo(1.0, within(1e-9));
        assertThat(counts.missing("linger-5", two.brokerCpu()))
                .hasValue("phase linger-5: Prometheus had CPU figures of 2 brokers over its window, where most phases"
                        + " had 3: the brokers' and the total CPU are n/a");
        assertThat(counts.missing("linger-0", moved.brokerCpu())).isEmpty();
        assertThat(counts.missing("linger-5", Map.of()))
                .as("none at all is said where it is collected")
                .isEmpty();
        // A tie cannot tell a broker missed from one moved: nothing is left out, and that is said.
        assertThat(BrokerCounts.of(List.of(three, moved), false).usual()).isZero();
        assertThat(BrokerCounts.of(List.of(three, moved), false).unsettled())
                .hasValue("phases had CPU figures of different numbers of brokers (3, 4), none the most common: each"
                        + " phase's brokers' and total CPU are over the brokers Prometheus had figures of in its"
                        + " window");
        assertThat(BrokerCounts.of(List.of(three, three), false).unsettled()).isEmpty();
    }

    private static PhaseMetrics brokers(Map<String, Double> cpu) {
        return new PhaseMetrics(
                0.2, 0.1, cpu, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null);
    }

    private static PhaseRecord drain(PhaseView latency) {
        Phase phase = new ScenarioLoader()
                .parse(
                        "drain",
                        "drain",
                        """
                        phases:
                          - name: drain
                            warmup: 0s
                            duration: 1m
                            backlog: 100000
                            settings: {lingerMs: 5, batchSize: 16384, compression: none, rate: 20000, payloadBytes: 400}
                        """)
                .phases()
                .get(0);
        return new PhaseRecord(
                1,
                phase,
                5,
                FROM.minusSeconds(5),
                FROM,
                FROM.plusSeconds(10),
                0,
                100_000,
                latency,
                null,
                null,
                true,
                null,
                null,
                true,
                null);
    }

    @Test
    void recordsWithoutALatencySampleAreUnsampledInThePhaseAndTheTotalsNotSkipped() {
        PhaseView view = new PhaseView(1001, 93, FROM, FROM, null, null, 0, 0, 0, 0, 0, 0, null, null, null, 7, null);
        PhaseRecord measured = new PhaseRecord(
                RECORD.index(),
                RECORD.phase(),
                RECORD.phaseId(),
                RECORD.startedAt(),
                RECORD.measureStart(),
                RECORD.measureEnd(),
                RECORD.sentAtStart(),
                RECORD.sentAtEnd(),
                view,
                null,
                null,
                true,
                null,
                null,
                true,
                null);

        PhaseSummary phase = SummaryBuilder.phase(measured, client(null, null, null, null, null));
        assertThat(phase.samples()).isEqualTo(93);
        assertThat(phase.unsampled()).isEqualTo(7);

        // 1 without a header, 2 with a bad one, 5 not JSON (received, no sample), none beyond the phases held.
        Totals totals = new Totals(100, 0, 0, 0, 0, 0, 0, new Totals.Skipped(1, 2, 5, 0), 0);
        RunRecord run = new RunRecord(
                null,
                FROM,
                FROM,
                List.of(),
                true,
                null,
                null,
                new LatencyView(List.of(), totals, List.of(), List.of()),
                true,
                List.of(),
                null,
                List.of());
        RunSummary.RunTotals t = SummaryBuilder.totals(run);
        assertThat(t.skipped()).isEqualTo(3);
        assertThat(t.unsampled()).isEqualTo(5);
    }

    @Test
    void producersTheConsumerStoppedTrackingAreAWarning() {
        Totals totals = new Totals(10, 0, 0, 0, 0, 0, 0, new Totals.Skipped(0, 0, 0, 0), 3);
        LatencyView consumer = new LatencyView(List.of(), totals, List.of(), List.of());

        assertThat(SummaryBuilder.consumerWarnings(consumer))
                .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .contains("3 producer instances")
                .contains(String.valueOf(AccountingLimits.TRACKED_PRODUCERS));
        assertThat(SummaryBuilder.consumerWarnings(new LatencyView(
                        List.of(),
                        new Totals(10, 0, 0, 0, 0, 0, 0, new Totals.Skipped(0, 0, 0, 0), 0),
                        List.of(),
                        List.of())))
                .isEmpty();
        assertThat(SummaryBuilder.consumerWarnings(null)).isEmpty();
    }

    @Test
    void clientFiguresAreRatiosOfWhatItsCountersCountedInTheWindow() {
        // 50 s at 1000 records/s in 8000 requests; 23.5 MB of batches on 24 MB on the wire.
        PhaseSummary.Batching b = SummaryBuilder.phase(
                        RECORD, client(50_000.0, 8_000.0, 24_000_000.0, 23_500_000.0, 50_000.0))
                .producer();

        assertThat(b.recordsPerRequest()).isEqualTo(6.25);
        assertThat(b.bytesPerRequest()).isEqualTo(3000.0);
        assertThat(b.batchBytesPerRecord()).isEqualTo(470.0);
        // The client's trailing averages are passed on as they are, never mixed into the counted ones.
        assertThat(b.batchSizeAvg()).isEqualTo(1800.0);
        assertThat(b.recordQueueTimeAvgMs()).isEqualTo(4.6);
    }

    @Test
    void aTransactionalClientsRequestsAreNotTakenForProduceRequests() {
        // 10 ms transactions: some 18 EndTxn a second among the client's requests, which request-total counts.
        ProducerSettings inTransactions = RECORD.phase()
                .settings()
                .apply(SettingsChange.read(Map.of("transactionMs", 10)).settings());
        PhaseRecord transactional =
                recordOf(new Phase("commit-10ms", inTransactions, Duration.ofSeconds(10), Duration.ofSeconds(50)));

        PhaseSummary.Batching b = SummaryBuilder.phase(
                        transactional, client(50_000.0, 8_900.0, 24_000_000.0, 23_500_000.0, 50_000.0))
                .producer();

        assertThat(b.recordsPerRequest()).isNull();
        assertThat(b.bytesPerRequest()).isNull();
        assertThat(b.batchBytesPerRecord())
                .as("batches are counted per topic, apart")
                .isEqualTo(470.0);
    }

    @Test
    void aRatioWithNothingToDivideByIsNotAvailable() {
        PhaseSummary.Batching b = SummaryBuilder.phase(RECORD, client(50_000.0, 0.0, null, Double.NaN, 50_000.0))
                .producer();

        assertThat(b.recordsPerRequest()).isNull();
        assertThat(b.bytesPerRequest()).isNull();
        assertThat(b.batchBytesPerRecord()).isNull();
    }
}
