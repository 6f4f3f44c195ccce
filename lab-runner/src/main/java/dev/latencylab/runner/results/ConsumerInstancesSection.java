package dev.latencylab.runner.results;

import dev.latencylab.runner.run.PhaseDescription;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The "Consumer instances" section of summary.md, when the group had more than one: per phase,
 * each instance's records, share and rate (over the measured window, or the drain's seconds) and
 * the partitions it held. The phase's latency and counts above are the whole group's (histograms
 * merged, the group's offset ledger), not any one instance's.
 */
final class ConsumerInstancesSection {

    private ConsumerInstancesSection() {}

    static String render(List<PhaseSummary> phases) {
        List<PhaseSummary> shared = phases.stream()
                .filter(p ->
                        p.description() != null && p.description().instances().size() > 1)
                .toList();
        if (shared.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("## Consumer instances\n\n")
                .append("The consumer group had several consumer-app instances: the tables above are the group's")
                .append(" (each phase's histograms summed over the instances, counts from the group's offset")
                .append(" ledger). Here each instance's part: the records it processed first, its share, its rate")
                .append(" over the measured window (a drain: over the drain) and the partitions it held at the")
                .append(" phase's close.\n\n")
                .append("| phase | instance | records | share | rec/s | partitions |\n")
                .append("|---|---|---:|---:|---:|---|\n");
        for (PhaseSummary p : shared) {
            List<PhaseDescription.ConsumerInstance> instances = p.description().instances();
            long total = instances.stream()
                    .mapToLong(PhaseDescription.ConsumerInstance::received)
                    .sum();
            double seconds =
                    p.drain() != null && p.drain().seconds() != null ? p.drain().seconds() : p.measuredSeconds();
            for (PhaseDescription.ConsumerInstance i : instances) {
                b.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %d | %s | %s | %s |%n",
                        p.name(),
                        i.instance(),
                        i.received(),
                        total == 0 ? "n/a" : String.format(Locale.ROOT, "%.0f %%", 100.0 * i.received() / total),
                        seconds <= 0 ? "n/a" : Fmt.rate(i.received() / seconds),
                        i.partitions().isEmpty()
                                ? "none"
                                : i.partitions().stream().map(String::valueOf).collect(Collectors.joining(", "))));
            }
        }
        return b.append('\n').toString();
    }
}
