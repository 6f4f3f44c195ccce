package dev.latencylab.runner.results.report;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.latency.ConsumerDescription;
import dev.latencylab.api.producer.TransactionCounts;
import dev.latencylab.runner.results.summary.Fmt;
import dev.latencylab.runner.results.summary.PhaseSummary;
import java.util.List;

/**
 * The "Transactions" section of summary.md: per phase whose producer sent in transactions, the
 * commit interval, the isolation level the consumer read at, the transactions committed and
 * aborted, and what that did to latency, rate, CPU and the counts, beside the phases without.
 */
final class TransactionsSection {

    private static final MarkdownSection.Columns COLUMNS = MarkdownSection.Columns.text("phase")
            .andFigures("transaction ms | abort every")
            .andText("isolation")
            .andFigures("committed | aborted | records / transaction | ending ms | share | acked rec/s | received rec/s"
                    + " | e2e p50 ms | e2e p99 ms | e2e max ms | CPU producer | CPU brokers | acked | aborted records"
                    + " | received | lost");

    private TransactionsSection() {}

    static String render(List<PhaseSummary> phases) {
        if (phases.stream().noneMatch(TransactionsSection::transactional)) {
            return "";
        }
        return MarkdownReport.section(
                phases, p -> p.counts() != null && p.settings() != null, TransactionsSection::write);
    }

    private static boolean transactional(PhaseSummary p) {
        return p.counts() != null && p.counts().transactions() != null;
    }

    private static String write(List<PhaseSummary> phases) {
        MarkdownSection s = MarkdownSection.titled("Transactions")
                .paragraph(
                        "Each phase's producer-app sent its records in transactions committed once open for the"
                                + " phase's *transaction ms* (none: no transactions), aborting every *abort every*-th on"
                                + " purpose, after a flush, so its records are in the log. A consumer at read_committed is"
                                + " given a record once its transaction's commit marker is written, and never the records"
                                + " of an aborted one; at read_uncommitted it is given every record when written. *Aborted"
                                + " records* were acknowledged by the brokers and then aborted: they are not expected of a"
                                + " read_committed consumer (acked = received + lost + unobserved + unread + aborted records"
                                + " there) and are received at read_uncommitted. *Ending ms*: the mean time the producer's"
                                + " sender thread spent ending a"
                                + " transaction (a commit; a flush and an abort), sending nothing meanwhile; *share*: that time"
                                + " over the measured window, per sender thread (where several producer-app instances drove a"
                                + " phase, their ending times summed over as many windows; n/a for a phase cut short before"
                                + " its instances were read). *Acked rec/s*: what the brokers acknowledged per second, aborted"
                                + " records included (an unthrottled phase's throughput); *received rec/s*: what the consumer"
                                + " was given per second of the window. CPU in cores, on one machine all processes share its cores.")
                .table(COLUMNS);
        for (PhaseSummary p : phases) {
            PhaseCounts n = p.counts();
            TransactionCounts t = n.transactions();
            boolean with = t != null;
            long total = with ? t.committed() + t.aborted() : 0;
            s.row(
                    p.tag(),
                    p.settings().transactionMs() == 0 ? "none" : p.settings().transactionMs(),
                    p.settings().abortEvery() == 0 ? "-" : p.settings().abortEvery(),
                    isolation(p),
                    with ? t.committed() : "-",
                    with ? t.aborted() : "-",
                    total > 0 ? Fmt.rate((double) n.acked() / total) : "-",
                    with && t.meanEndingMs() != null ? Fmt.ms(t.meanEndingMs()) : "-",
                    !with || p.measuredSeconds() <= 0
                            ? "-"
                            : p.description() == null
                                    ? Fmt.NA
                                    : Fmt.percent(t.endingMs() / (p.measuredSeconds() * 1000) / senders(p)),
                    p.ackedRate() == null ? Fmt.NA : Fmt.rate(p.ackedRate()),
                    p.measuredSeconds() > 0 ? Fmt.rate(n.received() / p.measuredSeconds()) : Fmt.NA,
                    Fmt.ms(p.latencyMs().p50()),
                    Fmt.ms(p.latencyMs().p99()),
                    Fmt.ms(p.latencyMs().max()),
                    p.cpuCores() == null ? Fmt.NA : Fmt.cores(p.cpuCores().producer()),
                    p.cpuCores() == null ? Fmt.NA : Fmt.cores(p.cpuCores().brokersTotal()),
                    n.acked(),
                    n.abortedRecords(),
                    n.received(),
                    n.lost());
        }
        return s.endTable().toString();
    }

    /**
     * The sender threads whose ending times the phase's counts sum: one per producer-app instance that drove it.
     * A phase without a description (cut short before it was read) has an unknown number: its share is n/a.
     */
    private static int senders(PhaseSummary p) {
        return Math.max(1, p.description().producers().size());
    }

    private static String isolation(PhaseSummary p) {
        ConsumerDescription c = p.consumer();
        if (c == null) {
            return Fmt.NA;
        }
        return c.readCommitted() ? "read_committed" : "read_uncommitted";
    }
}
