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
    void aRateChangeWhileBehindKeepsTheBacklogDue() {
        OpenLoopSchedule schedule = new OpenLoopSchedule(1_000, now::get);
        now.addAndGet(50_000_000L); // 50 records are due, none sent
        schedule.changeRate(2_000);
        assertThat(schedule.nextIntendedNanos()).isEqualTo(1_000_000_000L);
        schedule.advance();
        assertThat(schedule.nextIntendedNanos()).isEqualTo(1_000_500_000L);
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
