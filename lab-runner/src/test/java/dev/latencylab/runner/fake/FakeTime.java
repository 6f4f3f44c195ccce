package dev.latencylab.runner.fake;

import dev.latencylab.api.wait.Sleeper;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A clock that moves only when the code under test sleeps, so a 4-phase run takes milliseconds
 * and every timestamp is known. Sleeping honours interrupts like Thread.sleep does.
 */
public final class FakeTime extends Clock implements Sleeper {

    private final Instant origin;
    private final AtomicLong elapsedMillis = new AtomicLong();
    private volatile Consumer<Instant> afterSleep = t -> {};

    public FakeTime(Instant origin) {
        this.origin = origin;
    }

    /** Called after every sleep with the new time (e.g. to abort a run at a chosen moment). */
    public void afterSleep(Consumer<Instant> hook) {
        this.afterSleep = hook;
    }

    @Override
    public void sleep(Duration d) throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException("interrupted before sleeping");
        }
        elapsedMillis.addAndGet(Math.max(0, d.toMillis()));
        afterSleep.accept(instant());
        if (Thread.interrupted()) {
            throw new InterruptedException("interrupted while sleeping");
        }
    }

    @Override
    public Instant instant() {
        return origin.plusMillis(elapsedMillis.get());
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
