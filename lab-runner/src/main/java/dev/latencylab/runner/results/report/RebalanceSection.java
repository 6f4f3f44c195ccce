package dev.latencylab.runner.results.report;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.latency.ConsumerDescription;
import dev.latencylab.runner.faults.GroupChurn;
import dev.latencylab.runner.faults.Outage;
import dev.latencylab.runner.results.summary.Fmt;
import dev.latencylab.runner.results.summary.PhaseSummary;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The "Consumer group changes" section of summary.md: per phase whose steps started, stopped or
 * killed consumer-app instances, what the group's coordinator showed (members, partitions that
 * changed hands, time unsettled) beside what the records showed (the stall and its length, the
 * records read again) and the counts. The protocol and assignor are the phase's consumer settings.
 */
final class RebalanceSection {

    private static final MarkdownSection.Columns COLUMNS = MarkdownSection.Columns.text(
                    "phase | protocol | assignor | steps | members (first, min, max, last)")
            .andFigures("partitions moved | not stable s | delayed (slower than, ms)")
            .andText("stall s (records) | episodes, window s (records)")
            .andFigures("max e2e ms | read again | acked | received | lost");

    private RebalanceSection() {}

    static String render(List<PhaseSummary> phases) {
        return MarkdownReport.section(
                phases, p -> p.outage() != null && p.outage().group() != null, RebalanceSection::write);
    }

    private static String write(List<PhaseSummary> changed) {
        MarkdownSection s = MarkdownSection.titled("Consumer group changes")
                .paragraph("Phases whose steps started, stopped (SIGTERM: the member leaves its group) or killed"
                        + " (SIGKILL: the coordinator notices only when the member's session expires) consumer-app"
                        + " instances. Members, partition holders and the group's state are the coordinator's word"
                        + " (the Admin API's group description, asked for every "
                        + Fmt.plain(changed.get(0).outage().sampleEverySeconds())
                        + " s and answered within its round trip): a partition *moved* when its next holder was"
                        + " another member than its last (a restarted instance is a new member); *not stable* is the"
                        + " time the group was preparing or completing a rebalance (classic) or assigning or"
                        + " reconciling (consumer protocol). The coordinator keeps a killed member and its partitions"
                        + " until its session expires, and a classic group its last assignment while it rebalances,"
                        + " so who was really reading shows in the records: the *stall* is the main episode of delayed"
                        + " records (slower than the slowest before the first step) by intended send time; *episodes*"
                        + " are the delayed records grouped (a gap of over a second starts a new one), on the steps'"
                        + " clock: seconds into the measured window. *Read again* counts records a member read that"
                        + " another had read and not committed: the duplicates a rebalance hands the application. An"
                        + " instance stopped or killed took its latency samples with its process; its records are in"
                        + " the counts (the group's offset ledger is shared).")
                .table(COLUMNS);
        for (PhaseSummary p : changed) {
            Outage o = p.outage();
            GroupChurn g = o.group();
            PhaseCounts n = p.counts();
            s.row(
                    p.tag(),
                    g.protocols(),
                    assignor(p),
                    steps(o),
                    g.membersBefore() + ", " + g.membersMin() + ", " + g.membersMax() + ", " + g.membersAfter(),
                    g.partitionsMoved(),
                    ReportNumbers.fixed(g.notStableSeconds(), 1),
                    Fmt.count(o.delayed()) + " (" + (o.thresholdMs() == null ? "no baseline" : Fmt.ms(o.thresholdMs()))
                            + ")",
                    o.main()
                            .map(e -> ReportNumbers.fixed(e.to() - e.from(), 1) + " (" + e.records() + ")")
                            .orElse("none"),
                    episodes(o),
                    Fmt.ms(o.maxE2eMs()),
                    n == null ? Fmt.NA : n.redelivered(),
                    n == null ? Fmt.NA : n.acked(),
                    n == null ? Fmt.NA : n.received(),
                    n == null ? Fmt.NA : n.lost());
        }
        return s.endTable().toString();
    }

    /**
     * The assignor in effect: the server-side one the consumer protocol names ({@code
     * group.remote.assignor}, the broker's default when unset), else the client's strategy list.
     */
    static String assignor(PhaseSummary p) {
        ConsumerDescription c = p.consumer();
        if (c == null) {
            return Fmt.NA;
        }
        Map<String, String> set = c.properties();
        if ("consumer".equals(set.getOrDefault("group.protocol", c.settings().get("group.protocol")))) {
            return set.getOrDefault("group.remote.assignor", "broker's default");
        }
        String strategy = set.get("partition.assignment.strategy");
        if (strategy == null) {
            return "client's default (range, cooperative-sticky)";
        }
        return java.util.Arrays.stream(strategy.split(","))
                .map(s -> s.strip().replaceAll(".*\\.", "").replace("Assignor", ""))
                .collect(Collectors.joining(", "));
    }

    /**
     * The episodes on the steps' clock (seconds into the measured window), so each can be read
     * against the step before it; the largest five.
     */
    private static String episodes(Outage o) {
        if (o.episodes().isEmpty() || o.steps().isEmpty()) {
            return "none";
        }
        double first = o.steps().get(0).at();
        List<Outage.Episode> largest = o.episodes().stream()
                .sorted(java.util.Comparator.comparingLong(Outage.Episode::records)
                        .reversed())
                .limit(5)
                .sorted(java.util.Comparator.comparingDouble(Outage.Episode::from))
                .toList();
        return largest.stream()
                        .map(e -> ReportNumbers.fixed(first + e.from(), 1) + "-"
                                + ReportNumbers.fixed(first + e.to(), 1) + " (" + e.records() + ")")
                        .collect(Collectors.joining(", "))
                + (o.episodes().size() > largest.size()
                        ? ", and " + (o.episodes().size() - largest.size()) + " smaller"
                        : "");
    }

    private static String steps(Outage o) {
        return o.steps().stream()
                .map(s -> s.action() + " " + s.target().replace("consumer-app ", "consumer-") + " at "
                        + ReportNumbers.fixed(s.at(), 1) + " s"
                        + (s.held() == null ? "" : " (held " + s.held() + ")")
                        + (s.error() == null ? "" : " (FAILED)"))
                .collect(Collectors.joining(", "));
    }
}
