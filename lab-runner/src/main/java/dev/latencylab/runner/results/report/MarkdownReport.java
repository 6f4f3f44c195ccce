package dev.latencylab.runner.results.report;

import dev.latencylab.runner.results.summary.Fmt;
import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.results.summary.RunSummary;
import dev.latencylab.runner.run.StackWarmupRecord;
import dev.latencylab.runner.scenario.Durations;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * summary.md: the per-phase tables (with repeats: the median and range per scenario phase, and
 * each repeat's rows after the reading), then the reading, the totals, the charts and any warnings.
 */
final class MarkdownReport {

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

    private static final MarkdownSection.Columns WARMUP_WINDOWS = MarkdownSection.Columns.figures(
                    "window | ends at s | e2e p50 ms | CPU cores")
            .andText("steady");

    private MarkdownReport() {}

    public static String render(RunSummary s, List<String> charts) {
        StringBuilder b = new StringBuilder();
        b.append("# ").append(s.scenario()).append('\n').append('\n');
        if (s.description() != null) {
            b.append(s.description().strip()).append('\n').append('\n');
        }
        b.append("Run ")
                .append(TIME.format(s.startedAt()))
                .append(" to ")
                .append(TIME.format(s.endedAt()))
                .append(" (UTC)");
        b.append(
                s.complete()
                        ? ", complete."
                        : ", NOT complete: " + s.stopReason() + ". The tables hold the phases measured until then.");
        if (s.stack() != null && !s.stack().isBlank()) {
            b.append(" Stack: ").append(s.stack().strip()).append('.');
        }
        b.append('\n').append('\n');
        if (s.stackWarmup() != null) {
            b.append(stackWarmup(s.stackWarmup()));
        }
        int count = s.repeats().count();
        if (count > 1) {
            b.append(repeats(s.repeats()));
            b.append(PhaseTables.spreads(s.repeats().phases(), count, true, "##"));
        } else {
            b.append(tables(s.phases()));
        }
        if (!s.phases().isEmpty() && s.phases().stream().allMatch(MarkdownReport::noBrokerMetrics)) {
            b.append("**Broker metrics: absent.** No broker was scraped in this run (the stack ran against an existing"
                    + " cluster given with `scripts/lab up --bootstrap`, whose brokers the lab does not scrape, or the"
                    + " brokers' JMX exporter did not answer): broker CPU, request rates, bytes in and the brokers'"
                    + " GC are n/a above, not zero.\n\n");
        }
        ReportSection.AFTER_TABLES.forEach(section -> b.append(section.render(s)));
        if (s.reading() != null) {
            b.append("## Reading\n\n")
                    .append(s.reading().paragraph())
                    .append("\n\n")
                    .append(s.reading().sanity())
                    .append("\n\n")
                    .append(s.reading().caveat())
                    .append("\n\n");
        }
        if (count > 1) {
            b.append("## Each repeat\n\n")
                    .append("The same tables, a row per phase of the run, in the order they ran.\n\n")
                    .append(PhaseTables.rows(s.phases(), s::label, false, "###"));
        }
        b.append(totals(s.totals(), consumerInstances(s.phases())));
        if (!charts.isEmpty()) {
            b.append("## Charts\n\n");
            for (String c : charts) {
                b.append("![")
                        .append(c.replace(".png", ""))
                        .append("](")
                        .append(c)
                        .append(")\n\n");
            }
        }
        if (!s.warnings().isEmpty()) {
            b.append("## Warnings\n\n");
            for (String w : s.warnings()) {
                b.append("- ").append(w.replace("|", "\\|")).append('\n');
            }
            b.append('\n');
        }
        return b.toString();
    }

    /** A section about some of the phases, left out when none is {@code about} it. */
    static String section(
            List<PhaseSummary> phases, Predicate<PhaseSummary> about, Function<List<PhaseSummary>, String> write) {
        List<PhaseSummary> those = phases.stream().filter(about).toList();
        return those.isEmpty() ? "" : write.apply(those);
    }

    /** The per-phase tables, a row per phase of the run. */
    public static String tables(List<PhaseSummary> phases) {
        return PhaseTables.rows(phases, PhaseSummary::name, true, "##") + DiskTable.render(phases, "##");
    }

    /** What the warm-up before the first phase did, window by window. */
    private static String stackWarmup(StackWarmupRecord w) {
        StringBuilder b = new StringBuilder("## Stack warm-up\n\n");
        if (w.load() == null) {
            return b.append("Outcome: ").append(w.outcome()).append(".\n\n").toString();
        }
        b.append("Before the first phase ")
                .append(w.load())
                .append("'s settings (the scenario's highest rate, ")
                .append(
                        w.loadRate() != null && w.loadRate() < 0
                                ? "unthrottled"
                                : Fmt.rate(w.loadRate()) + " records/s")
                .append(") ran unmeasured until ")
                .append(w.criterion())
                .append("; at least ")
                .append(duration(w.floorSeconds()))
                .append(", at most ")
                .append(duration(w.ceilingSeconds()))
                .append(". It ran ")
                .append(duration(w.durationSeconds()))
                .append(". Outcome: ")
                .append(w.steady() ? "" : "NOT steady, ")
                .append(w.outcome())
                .append(".\n\n");
        if (!w.windows().isEmpty()) {
            MarkdownSection t = MarkdownSection.into(b).table(WARMUP_WINDOWS);
            for (StackWarmupRecord.Window x : w.windows()) {
                t.row(
                        x.index(),
                        Fmt.plain(Math.round(x.elapsedSeconds())),
                        Fmt.ms(x.e2eP50Ms()),
                        Fmt.cores(x.cpuCores()),
                        x.steady() ? "yes" : "no");
            }
            t.endTable();
        }
        return b.toString();
    }

    private static String duration(double seconds) {
        return Durations.format(Duration.ofSeconds(Math.round(seconds)));
    }

    /** What a run with repeats did, and how its tables read. */
    private static String repeats(RunSummary.Repeats r) {
        return "## Repeats\n\n" + "Each phase ran " + r.count() + " times, interleaved: " + r.count()
                + " rounds through the phases, each round in an order shuffled with seed " + r.seed()
                + " (`--seed " + r.seed() + "` runs the same order again): " + String.join(" ", r.order())
                + ".\n\nEach figure below is the median over the repeats, followed by its spread (min..max): the "
                + "lowest and the highest of the repeats' values, none dropped (a value alone: the repeats agree to the "
                + "precision shown). Each repeat's own figures are under "
                + "*Each repeat*; summary.json keeps every value (repeats.phases).\n\n";
    }

    /** The most consumer-app instances any phase's group had (1 when no phase says). */
    private static int consumerInstances(List<PhaseSummary> phases) {
        return phases.stream()
                .mapToInt(p -> p.description() == null
                        ? 1
                        : p.description().instances().size())
                .max()
                .orElse(1);
    }

    /** @param instances the most consumer-app instances any phase's group had: their own counts are summed here */
    private static String totals(RunSummary.RunTotals t, int instances) {
        if (t == null) {
            return "";
        }
        return "## Totals\n\n"
                + "Producer (since the app started): sent " + Fmt.count(t.producerSent()) + ", acked "
                + Fmt.count(t.producerAcked())
                + ", failed " + Fmt.count(t.producerFailed()) + ".\n"
                + "Consumer (since the run's reset, warm-ups included): received " + Fmt.count(t.received()) + ", lost "
                + Fmt.count(t.lost()) + ", late " + Fmt.count(t.late()) + ", unobserved " + Fmt.count(t.unobserved())
                + " (numbers before the consumer's start in some partition, not counted as lost), duplicated "
                + Fmt.count(t.duplicated()) + ", out of order "
                + Fmt.count(t.outOfOrder())
                + ", skipped " + Fmt.count(t.skipped()) + " (counted in no phase), unsampled "
                + Fmt.count(t.unsampled()) + " (received, not JSON: no latency sample), pending "
                + Fmt.count(t.pending())
                + (instances > 1
                        ? ". These are the " + instances + " consumer-app instances' own counts summed: each tracks the"
                                + " sequence numbers of the records it reads, so the records the others read stand in"
                                + " its unobserved and pending; the group's counts are each phase's, from its offset"
                                + " ledger (Counts per phase, above)"
                                + (t.drained()
                                        ? ", and the group had received everything sent."
                                        : "; the group had not received everything when totals were read.")
                        : t.drained()
                                ? " (everything sent since the reset was received)."
                                : " (the consumer had not received everything when totals were read).")
                + "\n\n";
    }

    private static boolean noBrokerMetrics(PhaseSummary p) {
        return p.cpuCores() == null
                || (p.cpuCores().brokers().isEmpty() && p.cpuCores().brokersTotal() == null);
    }
}
