package dev.latencylab.runner.run;

import java.time.Instant;
import java.util.Optional;

/** When the youngest process of the lab's stack started, if that is known. */
@FunctionalInterface
public interface StackAge {

    Optional<Instant> youngestStart() throws InterruptedException;

    /** For a stack whose processes' ages cannot be told: nothing to wait for. */
    StackAge UNKNOWN = Optional::empty;
}
