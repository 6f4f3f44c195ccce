package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.latency.ConsumerDescription;
import dev.latencylab.api.producer.TransactionCounts;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.results.summary.Phases;
import dev.latencylab.runner.run.PhaseDescription;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TransactionsSectionTest {

    private static PhaseSummary phase(
            String name, int transactionMs, String isolation, TransactionCounts transactions, long received) {
        PhaseSummary p = Phases.phase(name, 5, 60, 90, 0.3, 400, 1.0);
        p = Phases.withSettings(
                p,
                p.settings()
                        .apply(SettingsChange.read(
                                Map.of("transactionMs", transactionMs, "abortEvery", transactionMs == 0 ? 0 : 10))));
        p = Phases.withCounts(
                p, new PhaseCounts(90_000, 90_000, 0, received, 0, 0, 0, 0, 0, 0, 0, 0, 0, transactions, null));
        return Phases.withDescription(
                p,
                new PhaseDescription(
                        "lab.orders." + name,
                        List.of(0, 1, 2),
                        new ConsumerDescription(
                                "lab\\.orders(\\..+)?",
                                "latency-lab-consumer",
                                Map.of("isolation.level", "read_uncommitted"),
                                isolation == null ? Map.of() : Map.of("isolation.level", isolation)),
                        List.of()));
    }

    @Test
    void eachPhaseGetsItsRowBesideThePhasesWithoutTransactions() {
        PhaseSummary none = phase("no-transactions", 0, "read_committed", null, 90_000);
        PhaseSummary committed =
                phase("commit-100ms", 100, "read_committed", new TransactionCounts(360, 40, 9_000, 20_000.0), 81_000);
        PhaseSummary uncommitted =
                phase("commit-100ms-uncommitted", 100, null, new TransactionCounts(360, 40, 9_000, 20_000.0), 90_000);

        String md = TransactionsSection.render(List.of(none, committed, uncommitted));

        assertThat(md)
                .startsWith("## Transactions")
                .contains("| no-transactions | none | - | read_committed | - | - | - | - | - |")
                .contains("| commit-100ms | 100 | 10 | read_committed | 360 | 40 | 225 | 50.0 | ")
                .contains("| 90000 | 9000 | 81000 | 0 |")
                .contains("| commit-100ms-uncommitted | 100 | 10 | read_uncommitted | 360 | 40 |")
                .contains("| 90000 | 9000 | 90000 | 0 |");
    }

    @Test
    void theShareIsPerSenderThreadWhereSeveralProducerInstancesDroveThePhase() {
        PhaseSummary one =
                phase("commit-100ms", 100, "read_committed", new TransactionCounts(360, 40, 9_000, 20_000.0), 81_000);
        // Two instances, each ending transactions 20 s of the 50 s window: their times summed, 40 s.
        PhaseSummary two = phase(
                "commit-100ms-x2", 100, "read_committed", new TransactionCounts(720, 80, 9_000, 40_000.0), 81_000);
        two = Phases.withDescription(
                two,
                two.description()
                        .withProducers(List.of(
                                new PhaseDescription.ProducerInstance("http://127.0.0.1:8080", 45_000, 45_000, null),
                                new PhaseDescription.ProducerInstance("http://127.0.0.1:8082", 45_000, 45_000, null))));

        String md = TransactionsSection.render(List.of(one, two));

        assertThat(md)
                .contains("| commit-100ms | 100 | 10 | read_committed | 360 | 40 | 225 | 50.0 | 40 % |")
                .as("a third of each sender's time, not two thirds")
                .contains("| commit-100ms-x2 | 100 | 10 | read_committed | 720 | 80 | 113 | 50.0 | 40 % |");
    }

    @Test
    void aPhaseCutShortBeforeItsInstancesWereReadHasNoShare() {
        PhaseSummary cut = Phases.withDescription(
                phase("commit-100ms", 100, "read_committed", new TransactionCounts(720, 80, 9_000, 40_000.0), 81_000),
                null);

        assertThat(TransactionsSection.render(List.of(cut)))
                .as("one sender or two cannot be told: 40 % or 80 %")
                .contains("| commit-100ms | 100 | 10 | n/a | 720 | 80 | 113 | 50.0 | n/a |");
    }

    @Test
    void aRunWithoutTransactionsHasNoSection() {
        assertThat(TransactionsSection.render(List.of(phase("plain", 0, null, null, 90_000))))
                .isEmpty();
    }
}
