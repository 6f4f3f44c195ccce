package dev.latencylab.runner.results.summary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.latency.KeyOrder;
import dev.latencylab.api.producer.TransactionCounts;
import dev.latencylab.runner.results.report.ResultsWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class FiguresTest {

    @Test
    void theAckedRateIsTheSentRateLessWhatFailedAndNotAvailableWithoutCounts() {
        PhaseSummary sent = Phases.phase("unthrottled", 5, 1000, 1, 2, 2, 0.1, 100.0, 1.0, 40_000.0);
        // 50,000 sent, 49,000 acknowledged: 1,000 failed.
        PhaseCounts failed = new PhaseCounts(50_000, 49_000, 1_000, 49_000, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, null);

        assertThat(Phases.withCounts(sent, failed).ackedRate()).isEqualTo(39_200.0);
        assertThat(Phases.withCounts(sent, null).ackedRate())
                .as("the sent rate is no throughput when some sends may have failed")
                .isNull();
    }

    @Test
    void eachFigureIsTheNumberSummaryJsonWritesUnderItsKey() {
        PhaseSummary p = Phases.onOwnTopic(
                Phases.withPublishDelay(
                        Phases.phase("linger-5", 5, 4.0, 10.0, 0.15, 400, 0.7),
                        new PhaseSummary.Latency(1.0, 2.0, 3.0, 4.0, 5.0)),
                3,
                450.0);
        PhaseCounts c = p.counts();
        // Sent in transactions, so their figures are written and compared too.
        p = Phases.withCounts(
                p,
                new PhaseCounts(
                        c.sent(),
                        c.acked(),
                        c.failed(),
                        c.received(),
                        c.lost(),
                        c.unobserved(),
                        c.late(),
                        c.duplicated(),
                        c.redelivered(),
                        c.outOfOrder(),
                        c.clamped(),
                        c.unread(),
                        c.storedDespiteFailure(),
                        new TransactionCounts(40, 4, 90, 120.0),
                        new KeyOrder(10_000, 9_000, 2_500, 3)));
        JsonNode row = ResultsWriter.JSON.valueToTree(p);

        List<String> compared = new ArrayList<>();
        for (Map.Entry<String, Double> f : Figures.of(p).entrySet()) {
            JsonNode written = row.at("/" + f.getKey().replace('.', '/'));
            if (written.isNumber()) {
                assertThat(f.getValue()).as(f.getKey()).isEqualTo(written.doubleValue());
                compared.add(f.getKey());
            }
        }
        // All but what the row derives (achieved share, acked rate, records per Produce request, closed, ratio to
        // none).
        assertThat(compared)
                .hasSize(Figures.of(p).size() - 5)
                .contains(
                        "cpuCores.brokers.3",
                        "counts.sent",
                        "counts.transactions.abortedRecords",
                        "counts.keyOrder.outOfOrder");
    }
}
