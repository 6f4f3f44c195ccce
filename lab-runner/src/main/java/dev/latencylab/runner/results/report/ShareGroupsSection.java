package dev.latencylab.runner.results.report;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.latency.KeyOrder;
import dev.latencylab.runner.results.summary.DrainReading;
import dev.latencylab.runner.results.summary.Fmt;
import dev.latencylab.runner.results.summary.PhaseSummary;
import java.util.List;
import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * The "Share groups" section of summary.md, in a run where some phase's consumer read as a share
 * group: per phase, how fast its consumers drained and at what CPU, beside the first phase, what
 * they processed twice, and what per-key order was lost. Every sentence is computed from the figures.
 */
final class ShareGroupsSection {

    /** The phase and its consumer are text; every other column a figure. */
    private static final MarkdownSection.Columns COLUMNS = MarkdownSection.Columns.text("phase | consumer")
            .andFigures("drained rec/s | x rate | consumer cores | x CPU | e2e p50 ms | e2e p99 ms | received"
                    + " | redelivered | lost | duplicated | out of order | keys | 2+ records | keys out of order"
                    + " | share");

    private ShareGroupsSection() {}

    static String render(List<PhaseSummary> phases) {
        if (phases.stream().noneMatch(DrainReading::readsAsShareGroup)) {
            return "";
        }
        return MarkdownReport.section(phases, p -> p.counts() != null && p.drain() != null, ShareGroupsSection::write);
    }

    private static String write(List<PhaseSummary> phases) {
        PhaseSummary base = phases.get(0);
        MarkdownSection s = MarkdownSection.titled("Share groups")
                .paragraph("A consumer group gives each partition to one member, which processes its records in"
                        + " order; a share group hands records, not partitions, to every consumer, each record"
                        + " acknowledged once processed. *Redelivered*: records processed again after their"
                        + " acquisition lock ran out or their consumer left (not a second record). *Out of order*:"
                        + " records processed after a later record of their partition. *Keys*: a producer instance"
                        + " and a record key; *2+ records*: the keys with two records or more in the phase, the only"
                        + " ones whose order can be lost; *keys out of order*: of those, the keys with a record"
                        + " processed after a later one of the same key; *share*: keys out of order over keys with"
                        + " 2+ records. Rate and CPU against the first phase, " + base.name()
                        + "; consumer CPU is the consumer-app process over the drain, on cores every process shares.")
                .table(COLUMNS);
        for (PhaseSummary p : phases) {
            PhaseCounts n = p.counts();
            KeyOrder k = n.keyOrder();
            s.row(
                    p.tag(),
                    p.drain().consumer() == null ? Fmt.NA : p.drain().consumer(),
                    Fmt.rate(p.drain().recordsPerSecond()),
                    Fmt.ratio(DrainReading.times(
                            p.drain().recordsPerSecond(), base.drain().recordsPerSecond())),
                    Fmt.cores(DrainReading.consumerCores(p)),
                    Fmt.ratio(DrainReading.times(DrainReading.consumerCores(p), DrainReading.consumerCores(base))),
                    Fmt.ms(p.latencyMs().p50()),
                    Fmt.ms(p.latencyMs().p99()),
                    n.received(),
                    n.redelivered(),
                    n.lost(),
                    n.duplicated(),
                    n.outOfOrder(),
                    k == null ? Fmt.NA : k.keys(),
                    k == null ? Fmt.NA : k.repeated(),
                    k == null ? Fmt.NA : k.outOfOrder(),
                    k == null ? Fmt.NA : share(k));
        }
        s.endTable();
        phases.stream().filter(DrainReading::readsAsShareGroup).forEach(p -> s.append(reading(p, base)));
        long untracked = summed(phases, KeyOrder::untracked);
        if (untracked > 0) {
            s.append("\n" + untracked + " records were not checked for their key's order: their phase had more keys"
                    + " than the consumer tracks (docs/contracts.md, \"Limits\").\n");
        }
        long inOrder = summed(phases, KeyOrder::inOrderNotChecked);
        if (inOrder > 0) {
            s.append("\n" + inOrder + " records were not checked for their key's order because it could not break:"
                    + " processed in offset order by the one thread that read their partition (their partition's"
                    + " order is the phase's out-of-order count).\n");
        }
        return s.append("\n").toString();
    }

    /** A key-order count over the phases that tracked keys. */
    private static long summed(List<PhaseSummary> phases, ToLongFunction<KeyOrder> count) {
        return phases.stream()
                .map(p -> p.counts().keyOrder())
                .filter(Objects::nonNull)
                .mapToLong(count)
                .sum();
    }

    /** To a tenth of a percent: a few keys of ten thousand out of order are worth telling apart. */
    private static String share(KeyOrder k) {
        return Fmt.percent(k.outOfOrderShare(), 1);
    }

    /** One sentence: the phase's drain against the first phase's, and the key order it lost. */
    static String reading(PhaseSummary p, PhaseSummary base) {
        StringBuilder b = new StringBuilder("- ").append(p.tag()).append(": ");
        Double times =
                DrainReading.times(p.drain().recordsPerSecond(), base.drain().recordsPerSecond());
        Double cpu = DrainReading.times(DrainReading.consumerCores(p), DrainReading.consumerCores(base));
        if (p == base || times == null) {
            b.append(Fmt.rate(p.drain().recordsPerSecond())).append(" records/s drained");
        } else {
            b.append(Fmt.ratio(times)).append("x the drain rate of ").append(base.name());
            if (cpu != null) {
                b.append(" at ").append(Fmt.ratio(cpu)).append("x its consumer CPU");
            }
        }
        KeyOrder k = p.counts().keyOrder();
        if (k == null || k.repeated() == 0) {
            b.append("; no key with two records or more, so no key order to lose");
        } else {
            b.append("; ")
                    .append(k.outOfOrder())
                    .append(" of its ")
                    .append(k.repeated())
                    .append(" keys with two records or more (")
                    .append(share(k))
                    .append(") had a record processed after a later one");
        }
        return b.append("; ")
                .append(p.counts().redelivered())
                .append(" records processed again, ")
                .append(p.counts().lost())
                .append(" lost.\n")
                .toString();
    }
}
