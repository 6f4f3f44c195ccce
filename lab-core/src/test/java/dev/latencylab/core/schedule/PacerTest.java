package dev.latencylab.core.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.Pacing;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PacerTest {

    private static final double RATE = 25_100;
    /** A park here overshoots by about this much (timer slack and the scheduler). */
    private static final long OVERSHOOT_NANOS = 60_000;

    /** What one simulated second of sending did. */
    private record Second(long sent, long wakes, long mostEarlyNanos, long mostLateNanos) {}

    private static Second send(Pacing pacing) {
        return send(pacing, RATE);
    }

    private static Second send(Pacing pacing, double rate) {
        AtomicLong clock = new AtomicLong(1_000_000_000L);
        OpenLoopSchedule schedule = new OpenLoopSchedule(rate, clock::get);
        Pacer pacer = new Pacer();
        long end = clock.get() + 1_000_000_000L;
        long sent = 0;
        long wakes = 0;
        long mostEarly = 0;
        long mostLate = 0;
        while (clock.get() < end) {
            long due = schedule.nextIntendedNanos();
            long wait = pacer.waitNanos(due, clock.get(), pacing, rate);
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
    void burstsGoAtMostTwoMillisecondsEarlyAndSleepWholeMilliseconds() {
        Second s = send(Pacing.BURSTS);

        assertThat(s.mostEarlyNanos()).isPositive().isLessThanOrEqualTo(Pacer.BURST_NANOS);
        // The rate is kept: a second holds the schedule's records, give or take one burst.
        assertThat(s.sent()).isBetween((long) RATE - 100, (long) (RATE * 1.002) + 2);
        // A deficit just over 2 ms sleeps 3 ms (plus the park's overshoot): about 325 wakes a second.
        assertThat(s.wakes()).isBetween(300L, 340L);
        // After the sleep the sender is about a millisecond behind, as the tool is.
        assertThat(s.mostLateNanos()).isBetween(800_000L, 1_100_000L + OVERSHOOT_NANOS);
    }

    /**
     * At 18,000 and 22,000 a second the schedule's exact intervals add up to 2 ms to the nanosecond, the
     * throttler's truncated ones fall short by a few: it sends one record more and sleeps 3 ms, not 2.
     */
    @ParameterizedTest
    @ValueSource(doubles = {RATE, 18_000, 22_000, 50_000, 100_000})
    void burstsWakeAsOftenAsKafkasThrottlerOnTheSameClock(double rate) {
        long lab = send(Pacing.BURSTS, rate).wakes();
        long tool = throttlerWakes(rate);

        assertThat((double) lab / tool).isBetween(0.95, 1.05);
    }

    /**
     * One second of ProducerPerformance's loop as its ThroughputThrottler paces it (Kafka 4.3.1):
     * after each send, if the records so far outrun the rate since the start (judged in whole
     * milliseconds), one interval is added to a deficit; at 2 ms of deficit the thread waits it
     * off with Object.wait(ms, ns), which on JDK 17 waits whole milliseconds rounded up.
     */
    private static long throttlerWakes(double rate) {
        long interval = (long) (1e9 / rate);
        long start = 1_000_000_000L;
        long now = start;
        long deficit = 0;
        long wakes = 0;
        for (long i = 0; now < start + 1_000_000_000L; i++) {
            long elapsedMs = now / 1_000_000 - start / 1_000_000;
            now += 1_000; // the send itself
            if (elapsedMs > 0 && i * 1000.0 / elapsedMs > rate) {
                deficit += interval;
                if (deficit >= Pacer.BURST_NANOS) {
                    long ms = deficit / 1_000_000 + (deficit % 1_000_000 > 0 ? 1 : 0);
                    now += ms * 1_000_000 + OVERSHOOT_NANOS;
                    wakes++;
                    deficit = 0;
                }
            }
        }
        return wakes;
    }

    @Test
    void aGapInTheScheduleIsWaitedForNotSleptOff() {
        Pacer pacer = new Pacer();
        long second = 1_000_000_000L;

        assertThat(pacer.waitNanos(0, 0, Pacing.BURSTS, RATE)).isZero();
        // Ten seconds on (a pause, a slower rate), the next record is 1 ms ahead: it waits for its time.
        assertThat(pacer.waitNanos(10 * second, 10 * second - 1_000_000, Pacing.BURSTS, RATE))
                .isEqualTo(1_000_000);
        assertThat(pacer.waitNanos(10 * second, 10 * second, Pacing.BURSTS, RATE))
                .isZero();
        // The gap added nothing to the deficit: the next record, 40 µs on, goes early.
        assertThat(pacer.waitNanos(10 * second + 40_000, 10 * second + 1_000, Pacing.BURSTS, RATE))
                .isZero();
    }

    @Test
    void belowOneRecordPerBurstEachRecordWaitsForItsOwnTime() {
        Pacer pacer = new Pacer();

        assertThat(pacer.waitNanos(5_000_000, 0, Pacing.BURSTS, RATE)).isEqualTo(5_000_000);
        assertThat(pacer.waitNanos(5_000_000, 5_000_000, Pacing.BURSTS, RATE)).isZero();
    }

    @Test
    void aLateSenderSendsAtOnceUnderEitherPacing() {
        Pacer pacer = new Pacer();

        assertThat(pacer.waitNanos(100, 500, Pacing.EVEN, RATE)).isZero();
        assertThat(pacer.waitNanos(100, 500, Pacing.BURSTS, RATE)).isZero();
        assertThat(pacer.waitNanos(900, 500, Pacing.EVEN, RATE)).isEqualTo(400);
    }
}
