package dev.latencylab.api.wait;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The one poll loop: look, and until what is seen is what is awaited, sleep the interval and look
 * again, giving up at the first look at or after the timeout. What was seen last comes back either
 * way, so each caller says in its own words what a timeout means. The clock and the sleeper are
 * given, so the runner's tests wait on a clock that moves only when slept on. An interrupt while
 * sleeping ends the wait with {@link InterruptedException}.
 */
public final class Wait {

    /** Elapsed time by {@link System#nanoTime}, sleeping with {@link Thread#sleep}. */
    public static final Wait REAL = new Wait(new Monotonic(), Sleeper.REAL);

    private final Clock clock;
    private final Sleeper sleeper;

    public Wait(Clock clock, Sleeper sleeper) {
        this.clock = clock;
        this.sleeper = sleeper;
    }

    /** One look at the awaited thing: it may throw what looking throws, and ends the wait if it does. */
    @FunctionalInterface
    public interface Look<T, E extends Exception> {
        T look() throws E, InterruptedException;
    }

    /** What the last look saw, whether it was what was awaited, and how many looks it took. */
    public record Seen<T>(T last, boolean met, int looks) {

        /** What was seen, if it was awaited; otherwise the exception {@code timedOut} makes of it. */
        public <X extends Exception> T orElseThrow(Function<? super T, ? extends X> timedOut) throws X {
            if (!met) {
                throw timedOut.apply(last);
            }
            return last;
        }
    }

    /** Looks every {@code interval} until what it sees passes {@code met}, at most {@code timeout}. */
    public <T, E extends Exception> Seen<T> until(
            Duration timeout, Duration interval, Look<T, E> look, Predicate<? super T> met)
            throws E, InterruptedException {
        Instant deadline = clock.instant().plus(timeout);
        for (int looks = 1; ; looks++) {
            T last = look.look();
            if (met.test(last)) {
                return new Seen<>(last, true, looks);
            }
            if (!clock.instant().isBefore(deadline)) {
                return new Seen<>(last, false, looks);
            }
            sleeper.sleep(interval);
        }
    }

    /** A wall clock set back or forward neither stretches nor cuts a real wait. */
    private static final class Monotonic extends Clock {

        private final Instant origin = Instant.now();
        private final long originNanos = System.nanoTime();

        @Override
        public Instant instant() {
            return origin.plusNanos(System.nanoTime() - originNanos);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException("a wait's clock has no zone to change");
        }
    }
}
