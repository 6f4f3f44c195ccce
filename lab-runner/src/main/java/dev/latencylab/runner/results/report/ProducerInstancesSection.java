package dev.latencylab.runner.results.report;

import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.runner.apps.ProducerGroup;
import dev.latencylab.runner.results.summary.Fmt;
import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.run.PhaseDescription;
import java.util.List;

/**
 * The "Producer instances" section of summary.md, when phases were driven by several producer-app
 * instances. The phase's rate is the group's total, split evenly ({@link ProducerGroup#perInstanceRate});
 * the phase's figures above are the group's (counts summed, each publish delay percentile the worst
 * instance's).
 */
final class ProducerInstancesSection {

    private static final MarkdownSection.Columns COLUMNS = MarkdownSection.Columns.text("phase")
            .andFigures("instances")
            .andText("instance")
            .andFigures("target rec/s | acked | acked rec/s | share | publish delay p99 ms");

    private ProducerInstancesSection() {}

    static String render(List<PhaseSummary> phases) {
        return MarkdownReport.section(
                phases,
                p -> p.description() != null && p.description().producers().size() > 1,
                ProducerInstancesSection::write);
    }

    private static String write(List<PhaseSummary> shared) {
        MarkdownSection s = MarkdownSection.titled("Producer instances")
                .paragraph("Several producer-app instances drove these phases together, each its own process and"
                        + " Kafka producer: the tables above are their sum (publish delay: the worst instance's; the"
                        + " client's trailing gauges: the highest instance's, idle ones included). A phase's rate is the group's total, split evenly: each instance's"
                        + " target is rate / instances. Here each instance's acknowledged records over the measured"
                        + " window.")
                .table(COLUMNS);
        for (PhaseSummary p : shared) {
            List<PhaseDescription.ProducerInstance> each = p.description().producers();
            long total = each.stream()
                    .mapToLong(PhaseDescription.ProducerInstance::acked)
                    .sum();
            double seconds = p.measuredSeconds();
            for (PhaseDescription.ProducerInstance i : each) {
                s.row(
                        p.tagMarked(),
                        each.size(),
                        i.instance(),
                        target(p.settings(), each.size()),
                        i.acked(),
                        seconds <= 0 ? Fmt.NA : Fmt.rate(i.acked() / seconds),
                        Fmt.percent(i.acked(), total, 0),
                        Fmt.ms(i.publishDelayP99Ms()));
            }
            // The total has no publish delay of its own: an empty last cell.
            s.row(
                    p.tagMarked(),
                    each.size(),
                    "**total**",
                    target(p.settings(), 1),
                    total,
                    seconds <= 0 ? Fmt.NA : Fmt.rate(total / seconds),
                    "100 %",
                    "");
        }
        return s.endTable().toString();
    }

    /** The rate {@code instances} instances are each given for the phase's rate (1: the group's total). */
    private static String target(ProducerSettings settings, int instances) {
        return settings.unthrottled()
                ? "unthrottled"
                : Fmt.rate(ProducerGroup.perInstanceRate(settings.rate(), instances));
    }
}
