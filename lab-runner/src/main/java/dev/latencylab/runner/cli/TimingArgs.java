package dev.latencylab.runner.cli;

import dev.latencylab.runner.scenario.Durations;
import dev.latencylab.runner.scenario.TimingOverride;
import java.time.Duration;
import picocli.CommandLine.Option;

/** The phase timing a command line may override in every phase of a scenario (a picocli mixin). */
final class TimingArgs {

    @Option(names = "--warmup", paramLabel = "D", description = "warm-up of every phase, e.g. 5s (default: the file's)")
    Duration warmup;

    @Option(
            names = "--phase-duration",
            paramLabel = "D",
            description = "measured time of every phase, e.g. 15s (default: the file's)")
    Duration phaseDuration;

    @Option(
            names = "--article",
            description = "the article's 5 minutes per phase: 30s warm-up + 4m30s measured "
                    + "(--warmup / --phase-duration still win)")
    boolean article;

    TimingOverride override() {
        if (phaseDuration != null && (phaseDuration.isZero() || phaseDuration.isNegative())) {
            throw new UsageException("--phase-duration must be longer than 0s: a phase measures something; got "
                    + Durations.format(phaseDuration));
        }
        return TimingOverride.of(article, warmup, phaseDuration);
    }
}
