package dev.latencylab.core.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class OpenLoopScheduleTest {

    private final AtomicLong now = new AtomicLong(1_000_000_000L);

    @Test
    void recordIIsDueAtStartPlusIOverRate() {
        OpenLoopSchedule schedule = new OpenLoopSchedule(1_000, now::get);
        for (int i = 0; i < 5; i++) {
            assertThat(schedule.nextIntendedNanos()).isEqualTo(1_000_000_000L + i * 1_000_000L);
            schedule.advance();
        }
    }

    @Test
    void aStalledSenderFindsItsRecordsStillDueAtTheirOriginalTimes() {
        OpenLoopSchedule schedule = new OpenLoopSchedule(100, now::get);
        schedule.advance();
        now.addAndGet(1_000_000_000L); // the sender stalls for a second
        // Nothing is skipped: the next record is still due 10 ms after the start, 990 ms ago.
        assertThat(now.get() - schedule.nextIntendedNanos()).isEqualTo(990_000_000L);
        for (int i = 1; i < 100; i++) {
            schedule.advance();
        }
        assertThat(schedule.nextIntendedNanos()).isEqualTo(now.get());
    }

    @Test
    void raisingTheRateFromAheadDoesNotLeaveAGap() {
        OpenLoopSchedule schedule = new OpenLoopSchedule(1, now::get);
        schedule.advance(); // next due a full second later at 1/s
        now.addAndGet(10_000_000L);
        schedule.changeRate(1_000);
        assertThat(schedule.nextIntendedNanos()).isEqualTo(now.get() + 1_000_000L);
        schedule.advance();
        assertThat(schedule.nextIntendedNanos()).isEqualTo(now.get() + 2_000_000L);
    }

    @Test
    void loweringTheRateDoesNotBurstTheNextRecordEarly() {
        OpenLoopSchedule schedule = new OpenLoopSchedule(1_000, now::get);
        schedule.advance();
        long due = schedule.nextIntendedNanos();
        schedule.changeRate(1);
        assertThat(schedule.nextIntendedNanos()).isEqualTo(due);
        schedule.advance();
        assertThat(schedule.nextIntendedNanos()).isEqualTo(due + 1_000_000_000L);
    }

    @Test
    void aRateChangeWhileBehindKeepsTheBacklogsIntendedTimes() {
        OpenLoopSchedule schedule = new OpenLoopSchedule(1_000, now::get);
        now.addAndGet(50_000_000L); // records 0..50 are due (at 0, 1, ..., 50 ms), none sent
        schedule.changeRate(2_000);
        for (int i = 0; i <= 50; i++) {
            // Their lateness is what it was: the new rate does not re-time them.
            assertThat(schedule.nextIntendedNanos()).isEqualTo(1_000_000_000L + i * 1_000_000L);
            schedule.advance();
        }
        // The first record not yet due when the rate changed is due one new interval after it.
        assertThat(schedule.nextIntendedNanos()).isEqualTo(1_050_500_000L);
        schedule.advance();
        assertThat(schedule.nextIntendedNanos()).isEqualTo(1_051_000_000L);
    }

    @Test
    void twoRateChangesWhileBehindKeepEveryAssignedTime() {
        OpenLoopSchedule schedule = new OpenLoopSchedule(1_000, now::get);
        now.addAndGet(10_000_000L); // 0..10 due at 1 ms steps
        schedule.changeRate(100); // 11 keeps 11 ms, then 10 ms steps
        now.addAndGet(30_000_000L); // now 40 ms: 11, 12, 13 are due at 11, 21, 31 ms
        schedule.changeRate(1_000); // 14 was due at 41 ms, and is
        long[] expectedMs = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 21, 31, 41, 42};
        for (long ms : expectedMs) {
            assertThat(schedule.nextIntendedNanos()).isEqualTo(1_000_000_000L + ms * 1_000_000L);
            schedule.advance();
        }
    }

    @Test
    void restartingAfterAPauseDoesNotCountThePauseAsLateness() {
        OpenLoopSchedule schedule = new OpenLoopSchedule(1_000, now::get);
        schedule.advance();
        now.addAndGet(5_000_000_000L);
        schedule.restartNow();
        assertThat(schedule.nextIntendedNanos()).isEqualTo(now.get());
    }

    @Test
    void nonPositiveRatesAreRejected() {
        assertThatThrownBy(() -> new OpenLoopSchedule(0, now::get)).isInstanceOf(IllegalArgumentException.class);
        OpenLoopSchedule schedule = new OpenLoopSchedule(1, now::get);
        assertThatThrownBy(() -> schedule.changeRate(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }
}
