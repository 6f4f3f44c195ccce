package dev.latencylab.runner.results.report;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.latency.KeyOrder;
import dev.latencylab.runner.results.summary.DrainReading;
import dev.latencylab.runner.results.summary.Fmt;
import dev.latencylab.runner.results.summary.PhaseSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The "Share groups" section of summary.md, in a run where some phase's consumer read as a share
 * group: per phase, how fast its consumers drained and at what CPU, beside the first phase, what
 * they processed twice, and what per-key order was lost. Every sentence is computed from the figures.
 */
final class ShareGroupsSection {

    private static final List<String> HEADER = List.of(
            "phase",
            "consumer",
            "drained rec/s",
            "x rate",
            "consumer cores",
            "x CPU",
            "e2e p50 ms",
            "e2e p99 ms",
            "received",
            "redelivered",
            "lost",
            "duplicated",
            "out of order",
            "keys",
            "2+ records",
            "keys out of order",
            "share");
    /** The phase and its consumer are text; every other column a figure. */
    private static final List<Boolean> RIGHT =
            IntStream.range(0, HEADER.size()).mapToObj(i -> i >= 2).toList();

    private ShareGroupsSection() {}

    static String render(List<PhaseSummary> phases) {
        if (phases.stream().noneMatch(DrainReading::readsAsShareGroup)) {
            return "";
        }
        return MarkdownReport.section(phases, p -> p.counts() != null && p.drain() != null, ShareGroupsSection::write);
    }

    private static List<String> cells(Object... cells) {
        return Stream.of(cells).map(String::valueOf).toList();
    }

    private static String write(List<PhaseSummary> phases) {
        PhaseSummary base = phases.get(0);
        StringBuilder b = new StringBuilder("## Share groups\n\n")
                .append("A consumer group gives each partition to one member, which processes its records in")
                .append(" order; a share group hands records, not partitions, to every consumer, each record")
                .append(" acknowledged once processed. *Redelivered*: records processed again after their")
                .append(" acquisition lock ran out or their consumer left (not a second record). *Out of order*:")
                .append(" records processed after a later record of their partition. *Keys*: a producer instance")
                .append(" and a record key; *2+ records*: the keys with two records or more in the phase, the only")
                .append(" ones whose order can be lost; *keys out of order*: of those, the keys with a record")
                .append(" processed after a later one of the same key; *share*: keys out of order over keys with")
                .append(" 2+ records. Rate and CPU against the first")
                .append(" phase, ")
                .append(base.name())
                .append(
                        "; consumer CPU is the consumer-app process over the drain, on cores every process shares.\n\n");
        List<List<String>> rows = new ArrayList<>();
        for (PhaseSummary p : phases) {
            PhaseCounts n = p.counts();
            KeyOrder k = n.keyOrder();
            rows.add(cells(
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
                    k == null ? Fmt.NA : share(k)));
        }
        MarkdownTable.append(b, HEADER, RIGHT, rows);
        phases.stream().filter(DrainReading::readsAsShareGroup).forEach(p -> b.append(reading(p, base)));
        long untracked = phases.stream()
                .map(p -> p.counts().keyOrder())
                .filter(k -> k != null)
                .mapToLong(KeyOrder::untracked)
                .sum();
        if (untracked > 0) {
            b.append("\n")
                    .append(untracked)
                    .append(" records were not checked for their key's order: their phase had more keys than the")
                    .append(" consumer tracks (docs/contracts.md, \"Limits\").\n");
        }
        long inOrder = phases.stream()
                .map(p -> p.counts().keyOrder())
                .filter(k -> k != null)
                .mapToLong(KeyOrder::inOrderNotChecked)
                .sum();
        if (inOrder > 0) {
            b.append("\n")
                    .append(inOrder)
                    .append(" records were not checked for their key's order because it could not break: processed in")
                    .append(" offset order by the one thread that read their partition (their partition's order is the")
                    .append(" phase's out-of-order count).\n");
        }
        b.append('\n');
        return b.toString();
    }

    /** To a tenth of a percent, and a few keys of ten thousand are not 0%. */
    private static String share(KeyOrder k) {
        Double share = k.outOfOrderShare();
        if (share == null) {
            return Fmt.NA;
        }
        return k.outOfOrder() > 0 && share < 0.0005 ? "<0.1%" : String.format(Locale.ROOT, "%.1f%%", share * 100);
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
