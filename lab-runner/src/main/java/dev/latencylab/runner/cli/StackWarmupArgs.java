package dev.latencylab.runner.cli;

import dev.latencylab.runner.run.StackWarmup;
import dev.latencylab.runner.scenario.Durations;
import java.time.Duration;
import picocli.CommandLine.Option;

/** The stack warm-up's limits a run's command line may set (a picocli mixin); unset, the runner's own. */
final class StackWarmupArgs {

    @Option(
            names = "--stack-warmup",
            paramLabel = "D",
            description =
                    "before the first phase, run the scenario's highest rate unmeasured until the stack is steady "
                            + "(3 consecutive 10s windows whose e2e p50 and CPU agree within ±20 %%, p50 within ±2 ms at least), for at most D; "
                            + "0s: no warm-up (default " + StackWarmup.DEFAULT_CEILING_TEXT + ")")
    Duration ceiling;

    @Option(
            names = "--stack-warmup-floor",
            paramLabel = "D",
            description = "the least time of that warm-up, and all of it when Prometheus has no figures to judge by "
                    + "(default " + StackWarmup.DEFAULT_FLOOR_TEXT + ")")
    Duration floor;

    /**
     * The warm-up with these limits over {@code base}'s.
     *
     * @throws UsageException for a ceiling shorter than one window, or a floor beyond the ceiling
     */
    StackWarmup apply(StackWarmup base) {
        Duration c = ceiling != null ? ceiling : base.ceiling();
        Duration f = floor != null ? floor : base.floor();
        if (!c.isZero() && c.compareTo(StackWarmup.WINDOW) < 0) {
            throw new UsageException(
                    "--stack-warmup must be 0s (none) or at least " + Durations.format(StackWarmup.WINDOW)
                            + " (one window of the steadiness criterion), got " + Durations.format(c));
        }
        if (!c.isZero() && f.compareTo(c) > 0) {
            throw new UsageException("--stack-warmup-floor (" + Durations.format(f)
                    + ") must not be longer than --stack-warmup (" + Durations.format(c) + ")");
        }
        return base.withLimits(f, c);
    }
}
