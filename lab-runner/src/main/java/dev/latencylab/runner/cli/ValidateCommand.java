package dev.latencylab.runner.cli;

import dev.latencylab.runner.results.Fmt;
import dev.latencylab.runner.scenario.Durations;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.RunPlan;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.ScenarioException;
import dev.latencylab.runner.scenario.ScenarioLoader;
import dev.latencylab.runner.scenario.TimingOverride;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code validate <file>...}: checks scenario files and prints the phases a run would go through. */
@Command(
        name = "validate",
        mixinStandardHelpOptions = true,
        versionProvider = Commands.Version.class,
        description = "Check scenario files and print the phases a run would go through.")
final class ValidateCommand {

    @Parameters(arity = "1..*", paramLabel = "SCENARIO", description = "scenario files (.yaml)")
    List<String> files;

    @Mixin
    TimingArgs timingArgs = new TimingArgs();

    @Mixin
    OrderArgs orderArgs = new OrderArgs();

    private final PrintStream out;
    private final PrintStream err;
    private final Path cwd;

    public ValidateCommand(PrintStream out, PrintStream err, Path cwd) {
        this.out = out;
        this.err = err;
        this.cwd = cwd;
    }

    public int execute(List<String> argv) {
        if (!Commands.parse(this, argv, out)) {
            return 0;
        }
        TimingOverride timing = timingArgs.override();
        int code = 0;
        for (String file : files) {
            try {
                Scenario s = new ScenarioLoader().load(cwd.resolve(file)).withTiming(timing);
                RunPlan plan = RunPlan.of(s, orderArgs.seed());
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
                                    ? "max (searched from "
                                            + Fmt.rate(p.settings().rate()) + "/s)"
                                    : p.settings().unthrottled()
                                            ? "unthrottled"
                                            : Fmt.rate(p.settings().rate()) + "/s",
                            p.settings().payloadBytes(),
                            Durations.format(p.warmup()),
                            Durations.format(p.duration()));
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
                                Locale.ROOT,
                                "  %-12s consumer: %s%n",
                                "",
                                p.consumer().describe());
                    }
                }
                if (plan.repeats() > 1) {
                    // Without --seed the order shown is one a run could take; a run draws its own.
                    out.println("  " + plan.orderLine()
                            + (orderArgs.seed == null ? " (a run draws its own seed unless given --seed)" : ""));
                }
            } catch (ScenarioException e) {
                e.problems().forEach(err::println);
                code = 2;
            }
        }
        return code;
    }
}
