package dev.latencylab.runner.run;

import java.time.Instant;
import java.util.List;

/**
 * What the stack warm-up before the first phase did (summary.json {@code stackWarmup}): the
 * criterion it judged by, its floor and ceiling, how long it ran, each window's figures, whether
 * the stack was found steady, and the outcome in words. {@code steady} is false whenever nothing
 * showed the stack steady: the ceiling was reached, Prometheus had no figures, the warm-up was
 * skipped or interrupted; the run goes on in every case.
 *
 * @param load the phase whose settings ran (the scenario's highest rate), null when skipped
 */
public record StackWarmupRecord(
        String criterion,
        String load,
        Double loadRate,
        double floorSeconds,
        double ceilingSeconds,
        double durationSeconds,
        boolean steady,
        String outcome,
        List<Window> windows) {

    public StackWarmupRecord {
        windows = windows == null ? List.of() : List.copyOf(windows);
    }

    /**
     * One window: its end, seconds since the warm-up began, the figures (null: not had, {@code
     * problem} says why) and whether the stack counted as steady at its end.
     */
    public record Window(
            int index,
            Instant end,
            double elapsedSeconds,
            Double e2eP50Ms,
            Double cpuCores,
            boolean steady,
            String problem) {}
}
