package dev.latencylab.runner.results.report;

import dev.latencylab.runner.results.summary.Fmt;
import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.run.PhaseDescription;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The "Consumer instances" section of summary.md, when the group had more than one. The phase's
 * latency and counts above are the whole group's (histograms merged, the group's offset ledger),
 * not any one instance's.
 */
final class ConsumerInstancesSection {

    private static final MarkdownSection.Columns COLUMNS = MarkdownSection.Columns.text("phase | instance")
            .andFigures("records | share | rec/s")
            .andText("partitions");

    private ConsumerInstancesSection() {}

    static String render(List<PhaseSummary> phases) {
        return MarkdownReport.section(
                phases,
                p -> p.description() != null && p.description().instances().size() > 1,
                ConsumerInstancesSection::write);
    }

    private static String write(List<PhaseSummary> shared) {
        MarkdownSection s = MarkdownSection.titled("Consumer instances")
                .paragraph("The consumer group had several consumer-app instances: the tables above are the group's"
                        + " (each phase's histograms summed over the instances, counts from the group's offset"
                        + " ledger). Here each instance's part: the records it processed first, its share, its rate"
                        + " over the measured window (a drain: over the drain) and the partitions it held at the"
                        + " phase's close.")
                .table(COLUMNS);
        for (PhaseSummary p : shared) {
            List<PhaseDescription.ConsumerInstance> instances = p.description().instances();
            long total = instances.stream()
                    .mapToLong(PhaseDescription.ConsumerInstance::received)
                    .sum();
            double seconds =
                    p.drain() != null && p.drain().seconds() != null ? p.drain().seconds() : p.measuredSeconds();
            for (PhaseDescription.ConsumerInstance i : instances) {
                s.row(
                        p.tagMarked(),
                        i.instance(),
                        i.received(),
                        Fmt.percent(i.received(), total, 0),
                        seconds <= 0 ? Fmt.NA : Fmt.rate(i.received() / seconds),
                        i.partitions().isEmpty()
                                ? "none"
                                : i.partitions().stream().map(String::valueOf).collect(Collectors.joining(", ")));
            }
        }
        return s.endTable().toString();
    }
}
