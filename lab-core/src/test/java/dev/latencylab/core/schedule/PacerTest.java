package dev.latencylab.core.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.Pacing;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class PacerTest {

    private static final double RATE = 25_100;
    /** A park here overshoots by about this much (timer slack and the scheduler). */
    private static final long OVERSHOOT_NANOS = 60_000;

    /** What one simulated second of sending did. */
    private record Second(long sent, long wakes, long mostEarlyNanos, long mostLateNanos) {}

    private static Second send(Pacing pacing) {
        AtomicLong clock = new AtomicLong(1_000_000_000L);
        OpenLoopSchedule schedule = new OpenLoopSchedule(RATE, clock::get);
        Pacer pacer = new Pacer();
        long end = clock.get() + 1_000_000_000L;
        long sent = 0;
        long wakes = 0;
        long mostEarly = 0;
        long mostLate = 0;
        while (clock.get() < end) {
            long due = schedule.nextIntendedNanos();
            long wait = pacer.waitNanos(due, clock.get(), pacing);
            if (wait > 0) {
                clock.addAndGet(wait + OVERSHOOT_NANOS);
                wakes++;
                continue;
            }
            mostEarly = Math.max(mostEarly, due - clock.get());
            mostLate = Math.max(mostLate, clock.get() - due);
            schedule.advance();
            sent++;
            clock.addAndGet(1_000); // the send itself
        }
        return new Second(sent, wakes, mostEarly, mostLate);
    }

    @Test
    void evenPacingSendsNoRecordBeforeItsTimeAndWakesForMostRecords() {
        Second s = send(Pacing.EVEN);

        assertThat(s.mostEarlyNanos()).isZero();
        assertThat(s.sent()).isBetween((long) RATE - 2, (long) RATE + 2);
        assertThat(s.wakes()).isGreaterThan((long) (RATE / 4));
        assertThat(s.mostLateNanos()).isLessThanOrEqualTo(OVERSHOOT_NANOS + 2_000);
    }

    @Test
    void burstsWakeOncePerTwoMillisecondsAndGoAtMostTwoMillisecondsEarly() {
        Second s = send(Pacing.BURSTS);

        assertThat(s.mostEarlyNanos()).isPositive().isLessThanOrEqualTo(Pacer.BURST_NANOS);
        // The rate is kept: a second holds the schedule's records, give or take one burst.
        assertThat(s.sent()).isBetween((long) RATE - 2, (long) (RATE * 1.002) + 2);
        // One wake per burst of 2 ms (plus the park's overshoot): at most 500 a second.
        assertThat(s.wakes()).isBetween(400L, 500L);
        assertThat(s.mostLateNanos()).isLessThanOrEqualTo(OVERSHOOT_NANOS + 2_000);
    }

    @Test
    void aLateSenderSendsAtOnceUnderEitherPacing() {
        Pacer pacer = new Pacer();

        assertThat(pacer.waitNanos(100, 500, Pacing.EVEN)).isZero();
        assertThat(pacer.waitNanos(100, 500, Pacing.BURSTS)).isZero();
        assertThat(pacer.waitNanos(900, 500, Pacing.EVEN)).isEqualTo(400);
    }
}
