package dev.latencylab.api.wait;

import java.time.Duration;

/** Waiting, injected so the code that waits is tested without real sleeps. */
@FunctionalInterface
public interface Sleeper {

    void sleep(Duration d) throws InterruptedException;

    Sleeper REAL = d -> Thread.sleep(Math.max(0, d.toMillis()));
}
