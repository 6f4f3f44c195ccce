package dev.latencylab.runner.results.report;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.runner.faults.Outage;
import dev.latencylab.runner.results.summary.Fmt;
import dev.latencylab.runner.results.summary.PhaseSummary;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The "Faults" section of summary.md: per phase that killed, stopped or restarted a broker (or a
 * consumer-app instance: {@link RebalanceSection} adds the group's side), what
 * the records, the producer and the cluster's metadata showed, and the counts that prove (or
 * disprove) that nothing was lost or duplicated. Every sentence is computed from the figures.
 */
final class OutageSection {

    private static final MarkdownSection.Columns COLUMNS = MarkdownSection.Columns.text("phase | acks | steps")
            .andFigures("delayed | window s")
            .andText("from → to | main episode s (records)")
            .andFigures("max e2e ms | producer retries | producer errors | failed sends")
            .andText("producer trouble s")
            .andFigures("leader changes | offline s | under min ISR s | ISR whole after restart s | acked | received"
                    + " | lost | duplicated");

    private OutageSection() {}

    static String render(List<PhaseSummary> phases) {
        return MarkdownReport.section(phases, p -> p.outage() != null, OutageSection::write);
    }

    private static String write(List<PhaseSummary> faulted) {
        MarkdownSection s = MarkdownSection.titled("Faults")
                .paragraph("Times are seconds from the phase's first fault step. A record counts as *delayed* when its"
                        + " e2e latency (corrected: consume time minus intended send time) exceeded the slowest record"
                        + " of the phase before the first fault; the *outage window* runs from the intended send of"
                        + " the first delayed record to the consumption of the last. The producer's counters and the"
                        + " topic's leaders and in-sync replicas (Kafka's metadata, through the Admin API) were read"
                        + " every " + Fmt.plain(faulted.get(0).outage().sampleEverySeconds())
                        + " s, so their times are that coarse. Lost and duplicated come from the phase's ledger and"
                        + " producer sequence numbers, once the consumer passed every offset the brokers acknowledged.")
                .table(COLUMNS);
        for (PhaseSummary p : faulted) {
            Outage o = p.outage();
            Outage.ProducerView pv = o.producer();
            Outage.ClusterView c = o.cluster();
            PhaseCounts n = p.counts();
            s.row(
                    p.tag(),
                    p.settings().acks(),
                    steps(o),
                    Fmt.count(o.delayed()),
                    seconds(o.windowSeconds()),
                    o.windowFrom() == null ? Fmt.NA : seconds(o.windowFrom()) + " → " + seconds(o.windowTo()),
                    o.main()
                            .map(e -> seconds(e.from()) + " → " + seconds(e.to()) + " (" + e.records() + ")")
                            .orElse(Fmt.NA),
                    Fmt.ms(o.maxE2eMs()),
                    Fmt.count(pv.retries()),
                    Fmt.count(pv.errors()),
                    Fmt.count(pv.failed()),
                    pv.from() == null ? "none" : seconds(pv.from()) + " → " + seconds(pv.to()),
                    c.leaderChanges(),
                    seconds(c.offlineSeconds()),
                    seconds(c.underMinIsrSeconds()),
                    c.isrWholeAfterRestart() != null
                            ? seconds(c.isrWholeAfterRestart())
                            : o.restartedABroker() ? "not seen" : "no broker restart",
                    n == null ? Fmt.NA : n.acked(),
                    n == null ? Fmt.NA : n.received(),
                    n == null ? Fmt.NA : n.lost(),
                    n == null ? Fmt.NA : n.duplicated());
        }
        s.endTable();
        faulted.forEach(p -> s.append("- " + reading(p) + "\n"));
        return s.append("\n").toString();
    }

    /** One phase's faults in a sentence: the damage in time, and what Kafka kept of its promise. */
    static String reading(PhaseSummary p) {
        Outage o = p.outage();
        PhaseCounts n = p.counts();
        StringBuilder r = new StringBuilder(p.name())
                .append(" (acks=")
                .append(p.settings().acks())
                .append("): ");
        r.append(
                o.delayed() == null
                        ? "an unknown number of records (the consumer's latency figures of the phase were not read)"
                        : o.delayed() + " records");
        r.append(" were delayed");
        if (o.windowSeconds() != null) {
            r.append(String.format(
                    Locale.ROOT,
                    " over %s s (max e2e %s ms%s)",
                    seconds(o.windowSeconds()),
                    Fmt.ms(o.maxE2eMs()),
                    o.thresholdMs() == null ? "" : " against " + Fmt.ms(o.thresholdMs()) + " ms before"));
        }
        r.append(". ");
        if (o.thresholdMs() == null) {
            r.append("No record of the phase had been consumed and timed before the first fault, so there was no"
                    + " slowest one to compare with: every record after it counts as delayed. ");
        }
        o.unanswered().ifPresent(u -> r.append("Did not answer (a call that failed or timed out): ")
                .append(u)
                .append("; the figures above span the samples that did (a time in a gap is charged to the"
                        + " next answer). "));
        o.main()
                .ifPresent(e -> r.append(String.format(
                        Locale.ROOT,
                        "Most of them (%d) were sent from %s to %s s after the first fault%s. ",
                        e.records(),
                        seconds(e.from()),
                        seconds(e.to()),
                        o.episodes().size() > 1
                                ? "; the rest in " + (o.episodes().size() - 1) + " other episode"
                                        + (o.episodes().size() > 2 ? "s" : "") + " (" + otherEpisodes(o, e) + ")"
                                : "")));
        if (n == null || !p.fenced()) {
            return r.append("The phase could not be closed, so its loss and duplicate counts are not final.")
                    .toString();
        }
        boolean idempotent = p.settings().acks().idempotent();
        if (n.lost() == 0 && n.duplicated() == 0) {
            r.append("All " + n.acked() + " acknowledged records were consumed once: none lost, none duplicated")
                    .append(
                            idempotent
                                    ? ""
                                    : " this time (acks=1 loses what the followers had not yet copied when the leader"
                                            + " died, and promises nothing more; on one machine they copy within a"
                                            + " millisecond, so a kill rarely finds anything uncopied)");
        } else {
            r.append(n.lost() + " of " + n.acked() + " acknowledged records were lost and " + n.duplicated()
                            + " duplicated")
                    .append(
                            idempotent
                                    ? " although acks=all with idempotence promises neither: look at the brokers' logs"
                                    : ": acks=1 confirms a write the leader alone holds, and a leader killed before its"
                                            + " followers copied it takes those records with it");
        }
        r.append('.');
        if (n.outOfOrder() > 0) {
            r.append(' ')
                    .append(n.outOfOrder())
                    .append(" arrived out of order")
                    .append(
                            idempotent
                                    ? ""
                                    : " (without idempotence a retried batch can land behind a later one; acks=all"
                                            + " turns idempotence on, which keeps the order)")
                    .append('.');
        }
        return r.toString();
    }

    private static String otherEpisodes(Outage o, Outage.Episode main) {
        return o.episodes().stream()
                        .filter(e -> e != main)
                        .limit(5)
                        .map(e -> String.format(
                                Locale.ROOT, "%s-%s s: %d", seconds(e.from()), seconds(e.to()), e.records()))
                        .collect(Collectors.joining(", "))
                + (o.episodes().size() > 6 ? ", ..." : "");
    }

    /** The steps on the section's clock, from the first step, the first one's time in the window beside it. */
    private static String steps(Outage o) {
        double first = o.steps().isEmpty() ? 0 : o.steps().get(0).at();
        return o.steps().stream()
                .map(s -> String.format(
                        Locale.ROOT,
                        "%s %s at %s s%s%s",
                        s.action(),
                        s.target(),
                        seconds(s.at() - first),
                        s == o.steps().get(0) ? " (" + seconds(first) + " s into the window)" : "",
                        s.error() == null ? "" : " (FAILED)"))
                .collect(Collectors.joining(", "));
    }

    private static String seconds(Double s) {
        return ReportNumbers.fixed(s, 2);
    }
}
