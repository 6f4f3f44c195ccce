package dev.latencylab.runner.run;

import java.time.Duration;
import java.time.Instant;

/** The stack's figures over one window of the stack warm-up (from Prometheus: see results). */
@FunctionalInterface
public interface StackProbe {

    /**
     * The consumer's e2e p50 (ms) and the lab processes' total CPU (cores) over the {@code window}
     * before {@code end}. A figure that cannot be had is null and {@code problem} says why; this
     * never throws for an unanswered query, since the warm-up goes on without its figures.
     */
    StackFigures read(Instant end, Duration window) throws InterruptedException;

    record StackFigures(Double e2eP50Ms, Double cpuCores, String problem) {
        public boolean complete() {
            return e2eP50Ms != null && cpuCores != null;
        }
    }

    /** For a runner given no Prometheus: never a figure. */
    StackProbe NONE = (end, window) -> new StackFigures(null, null, "no Prometheus to ask");
}
