package dev.latencylab.runner.cli;

import dev.latencylab.runner.results.summary.Fmt;
import dev.latencylab.runner.scenario.Durations;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.RunPlan;
import dev.latencylab.runner.scenario.Scenario;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;

/** The phases a run of a scenario goes through, one line each and what they add: for validate and run --dry-run. */
final class PhaseListing {

    private PhaseListing() {}

    static void print(PrintStream out, String file, Scenario s, RunPlan plan, boolean seedGiven) {
        out.printf(
                Locale.ROOT,
                "%s: %s, %d phases%s, %s in all%n",
                file,
                s.name(),
                s.phases().size(),
                plan.repeats() > 1 ? " x " + plan.repeats() + " repeats" : "",
                Durations.format(plan.total()));
        for (Phase p : s.phases()) {
            out.printf(
                    Locale.ROOT,
                    "  %-12s linger.ms=%-5d batch.size=%-8d compression=%-6s rate=%s payload=%d B  warm-up %s + %s%n",
                    p.name(),
                    p.settings().lingerMs(),
                    p.settings().batchSize(),
                    p.settings().compression(),
                    p.maxRate()
                            ? "max (searched from " + Fmt.rate(p.settings().rate()) + "/s)"
                            : p.settings().unthrottled()
                                    ? "unthrottled"
                                    : Fmt.rate(p.settings().rate()) + "/s",
                    p.settings().payloadBytes(),
                    Durations.format(p.warmup()),
                    Durations.format(p.duration()));
            // The line above shows the settings every phase gives; the others where they are not at their fallbacks.
            Map<String, Object> others = p.settings().tuned();
            if (!others.isEmpty()) {
                out.printf(Locale.ROOT, "  %-12s and %s%n", "", others);
            }
            if (!p.settings().producerConfig().isEmpty()) {
                out.printf(
                        Locale.ROOT,
                        "  %-12s producer properties %s%n",
                        "",
                        p.settings().producerConfig());
            }
            if (p.drains()) {
                out.printf(
                        Locale.ROOT,
                        "  %-12s a backlog of %d records with the consumer paused, then drained within %s%n",
                        "",
                        p.backlog(),
                        Durations.format(p.duration()));
            }
            if (p.consumer() != null) {
                out.printf(
                        Locale.ROOT, "  %-12s consumer: %s%n", "", p.consumer().describe());
            }
        }
        if (plan.repeats() > 1) {
            // Without --seed the order shown is one a run could take; a run draws its own.
            out.println(
                    "  " + plan.orderLine() + (!seedGiven ? " (a run draws its own seed unless given --seed)" : ""));
        }
    }
}
