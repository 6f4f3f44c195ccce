package dev.latencylab.api.wait;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The poll loop on a clock that moves only when slept on, and once on real time for its interrupt. */
class WaitTest {

    private static final Instant START = Instant.parse("2026-11-29T12:00:00Z");

    /** A clock that moves only by what is slept. */
    private static final class SleptClock extends Clock implements Sleeper {
        private Duration slept = Duration.ZERO;

        @Override
        public void sleep(Duration d) {
            slept = slept.plus(d);
        }

        @Override
        public Instant instant() {
            return START.plus(slept);
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

    private final SleptClock clock = new SleptClock();
    private final Wait wait = new Wait(clock, clock);
    private final AtomicInteger looks = new AtomicInteger();

    @Test
    void endsOnTheLookThatSeesWhatIsAwaited() throws Exception {
        Wait.Seen<Integer> seen =
                wait.until(Duration.ofSeconds(10), Duration.ofMillis(500), looks::incrementAndGet, n -> n == 3);

        assertThat(seen).isEqualTo(new Wait.Seen<>(3, true, 3));
        assertThat(clock.slept).isEqualTo(Duration.ofSeconds(1));
        assertThat(seen.orElseThrow(n -> new IllegalStateException("not thrown")))
                .isEqualTo(3);
    }

    @Test
    void givesUpAtTheFirstLookAtOrAfterTheTimeoutWithWhatItSawLast() throws Exception {
        Wait.Seen<Integer> seen =
                wait.until(Duration.ofSeconds(1), Duration.ofMillis(300), looks::incrementAndGet, n -> false);

        // Looks at 0, 0.3, 0.6, 0.9 and 1.2 s: the last is the first not before the deadline.
        assertThat(seen).isEqualTo(new Wait.Seen<>(5, false, 5));
        assertThat(clock.slept).isEqualTo(Duration.ofMillis(1200));

        Wait.Seen<Integer> none = wait.until(Duration.ZERO, Duration.ofMillis(300), looks::incrementAndGet, n -> false);
        assertThat(none.looks()).isEqualTo(1);
    }

    @Test
    void aTimeoutIsThrownInTheCallersWordsWithWhatWasSeenLast() throws Exception {
        Wait.Seen<Integer> seen =
                wait.until(Duration.ofSeconds(2), Duration.ofSeconds(1), looks::incrementAndGet, n -> n > 10);

        assertThatThrownBy(() ->
                        seen.orElseThrow(n -> new IllegalStateException("the count was still " + n + " after 2 s")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the count was still 3 after 2 s");
    }

    @Test
    void aLookThatThrowsEndsTheWait() {
        assertThatThrownBy(() -> wait.until(
                        Duration.ofSeconds(10),
                        Duration.ofSeconds(1),
                        () -> {
                            if (looks.incrementAndGet() == 2) {
                                throw new IOException("no answer");
                            }
                            return false;
                        },
                        b -> b))
                .isInstanceOf(IOException.class)
                .hasMessage("no answer");
        assertThat(looks).hasValue(2);
    }

    @Test
    void anInterruptEndsARealWaitAtOnce() throws Exception {
        Thread waiter = Thread.currentThread();
        Thread interrupter = new Thread(() -> {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
            waiter.interrupt();
        });
        long start = System.nanoTime();
        interrupter.start();
        try {
            assertThatThrownBy(() -> Wait.REAL.until(
                            Duration.ofSeconds(5), Duration.ofMillis(20), looks::incrementAndGet, n -> false))
                    .isInstanceOf(InterruptedException.class);
        } finally {
            interrupter.join();
            Thread.interrupted();
        }
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        assertThat(looks.get()).isGreaterThan(1);
    }

    @Test
    void aRealWaitTakesItsTimeout() throws Exception {
        List<Long> lookedAt = new ArrayList<>();
        Wait.Seen<Boolean> seen = Wait.REAL.until(
                Duration.ofMillis(100), Duration.ofMillis(20), () -> lookedAt.add(System.nanoTime()), b -> false);

        assertThat(seen.met()).isFalse();
        // From its first look to its last, less only what the first look took to begin.
        Duration looking = Duration.ofNanos(lookedAt.get(lookedAt.size() - 1) - lookedAt.get(0));
        assertThat(looking).isGreaterThanOrEqualTo(Duration.ofMillis(90));
    }
}
