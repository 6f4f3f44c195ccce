package dev.latencylab.core.accounting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.latency.ProducerTrack;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SequenceTrackerTest {

    private static final UUID PRODUCER = UUID.randomUUID();
    private static final long SECOND = 1_000_000L;
    private final Map<Integer, Long> lostByPhase = new HashMap<>();
    private final SequenceTracker tracker =
            new SequenceTracker(Duration.ofSeconds(5), (phase, count) -> lostByPhase.merge(phase, count, Long::sum));

    @Test
    void anUnbrokenStreamHasNothingLostPendingOrDuplicated() {
        for (long s = 0; s < 10_000; s++) {
            assertThat(tracker.record(PRODUCER, s, (int) (s % 3), 0, SECOND)).isEqualTo(SequenceOutcome.RECEIVED);
        }
        assertThat(account()).isEqualTo(new ProducerTrack(PRODUCER, 0, 9_999, 10_000, 0, 0, 0, 0, 0, 0, 0));
    }

    @Test
    void aProducerBeyondTheCapacityDropsTheLeastRecentlyHeardFromAndCountsIt() {
        java.util.List<UUID> producers = new java.util.ArrayList<>();
        for (int i = 0; i <= SequenceTracker.MAX_PRODUCERS; i++) {
            producers.add(UUID.randomUUID());
        }
        for (int i = 0; i < SequenceTracker.MAX_PRODUCERS; i++) {
            tracker.record(producers.get(i), 0, 0, 0, SECOND + i);
        }
        // The first producer is heard from again: the second is now the least recent.
        tracker.record(producers.get(0), 1, 0, 0, 2 * SECOND);
        assertThat(tracker.dropped()).isZero();

        tracker.record(producers.get(SequenceTracker.MAX_PRODUCERS), 0, 0, 0, 3 * SECOND);

        assertThat(tracker.dropped()).isEqualTo(1);
        assertThat(tracker.accounts())
                .hasSize(SequenceTracker.MAX_PRODUCERS)
                .extracting(ProducerTrack::producerId)
                .doesNotContain(producers.get(1))
                .contains(producers.get(0), producers.get(SequenceTracker.MAX_PRODUCERS));
        // Counted like the other counts since the last reset.
        tracker.resetCounts();
        assertThat(tracker.dropped()).isZero();
    }

    /** The tracker skips its map within a producer's run of records: by both halves of the id. */
    @Test
    void producersWhoseIdsDifferInEitherHalfAreTrackedApartWhenTheirRecordsAlternate() {
        UUID a = new UUID(1, 1);
        UUID lowDiffers = new UUID(1, 2);
        UUID highDiffers = new UUID(2, 1);
        for (long s = 0; s < 3; s++) {
            assertThat(tracker.record(a, s, 0, 0, SECOND)).isEqualTo(SequenceOutcome.RECEIVED);
            assertThat(tracker.record(lowDiffers, s, 0, 0, SECOND)).isEqualTo(SequenceOutcome.RECEIVED);
            assertThat(tracker.record(highDiffers.getMostSignificantBits(), 1, s, 0, 0, SECOND))
                    .isEqualTo(SequenceOutcome.RECEIVED);
        }

        assertThat(tracker.accounts())
                .extracting(ProducerTrack::producerId, ProducerTrack::received)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(a, 3L),
                        org.assertj.core.groups.Tuple.tuple(lowDiffers, 3L),
                        org.assertj.core.groups.Tuple.tuple(highDiffers, 3L));
    }

    @Test
    void interleavingAcrossPartitionsIsNeitherLossNorDisorder() {
        // After record 0, partition 1 is fetched first, then partition 0: sequence order is broken,
        // partition order is not.
        tracker.record(PRODUCER, 0, 0, 0, SECOND);
        for (long s = 1; s < 1_000; s += 2) {
            tracker.record(PRODUCER, s, 1, 0, SECOND);
        }
        assertThat(account().pending()).isEqualTo(499);
        for (long s = 2; s < 1_000; s += 2) {
            tracker.record(PRODUCER, s, 0, 0, SECOND);
        }
        tracker.expire(100 * SECOND);
        assertThat(account()).isEqualTo(new ProducerTrack(PRODUCER, 0, 999, 1_000, 0, 0, 0, 0, 0, 0, 0));
    }

    @Test
    void partitionsThatStartAtDifferentPointsOfTheStreamInventNoLoss() {
        // A consumer joins late (or restarts from committed offsets): partition 0 is read from
        // 300 on, partition 1 from 451, partition 2 from 602. Everything after each start arrives,
        // but 700 (partition 1) was really lost.
        long[] start = {300, 451, 602};
        long now = SECOND;
        for (long s = 300; s < 1_000; s++) {
            int partition = (int) (s % 3);
            if (s >= start[partition] && s != 700) {
                tracker.record(PRODUCER, s, partition, 0, now);
            }
        }
        tracker.expire(now + 6 * SECOND);

        ProducerTrack account = account();
        // Below the horizon (602), partition 1 missed 301..448 and partition 2 302..599: 50 + 100.
        assertThat(account.unobserved()).isEqualTo(150);
        assertThat(account.lost()).isEqualTo(1);
        assertThat(account.pending()).isZero();
        assertThat(lostByPhase).containsExactly(Map.entry(0, 1L));
    }

    @Test
    void anUnobservedNumberThatTurnsUpLateIsAFirstArrival() {
        tracker.record(PRODUCER, 10, 1, 0, SECOND);
        tracker.record(PRODUCER, 12, 0, 0, SECOND); // partition 0 starts above 11: 11 is below the horizon
        tracker.record(PRODUCER, 13, 1, 0, SECOND);
        tracker.expire(10 * SECOND);
        assertThat(account().unobserved()).isEqualTo(1);

        assertThat(tracker.record(PRODUCER, 11, 2, 0, 11 * SECOND)).isEqualTo(SequenceOutcome.RECEIVED);
        assertThat(account().unobserved()).isZero();
        assertThat(account().lost()).isZero();
        assertThat(account().received()).isEqualTo(4);
        assertThat(tracker.record(PRODUCER, 11, 2, 0, 11 * SECOND)).isEqualTo(SequenceOutcome.DUPLICATE);
    }

    @Test
    void aPartitionFirstSeenAfterTheGracePeriodDoesNotHideLosses() {
        record(0, 10, 0, SECOND);
        tracker.record(PRODUCER, 12, 0, 0, SECOND); // 10, 11 missing
        tracker.record(PRODUCER, 20, 7, 0, 20 * SECOND); // a partition assigned later (a rebalance)
        tracker.expire(40 * SECOND);

        assertThat(account().lost()).isEqualTo(9); // 10, 11 and 13..19
        assertThat(account().unobserved()).isZero();
    }

    @Test
    void aGapIsPendingWithinTheGracePeriodAndLostAfterIt() {
        record(0, 64, 0, SECOND);
        record(67, 80, 1, SECOND); // 64, 65, 66 missing; the gap opened in phase 1
        tracker.expire(5 * SECOND);
        assertThat(account().pending()).isEqualTo(3);
        assertThat(account().lost()).isZero();
        tracker.expire(6 * SECOND + 1);
        assertThat(account().pending()).isZero();
        assertThat(account().lost()).isEqualTo(3);
        assertThat(lostByPhase).containsExactly(Map.entry(1, 3L));
    }

    @Test
    void anInstanceThatSharesTheTopicCountsTheOtherMembersRecordsAsUnobservedNotLost() {
        tracker.shared(true);
        // This instance reads partition 0 of two: the odd numbers went to the other member.
        for (long s = 0; s < 1_000; s += 2) {
            tracker.record(PRODUCER, s, 0, 1, SECOND);
        }
        tracker.expire(10 * SECOND);
        assertThat(account().received()).isEqualTo(500);
        assertThat(account().pending()).isZero();
        assertThat(account().lost()).isZero();
        assertThat(account().unobserved()).isEqualTo(499);
        assertThat(lostByPhase).isEmpty();
    }

    @Test
    void whenTheOtherMemberLeavesItsOpenGapsStayUnobservedAndNewGapsAreLostAgain() {
        tracker.shared(true);
        for (long s = 0; s < 100; s += 2) {
            tracker.record(PRODUCER, s, 0, 1, SECOND); // 1, 3, ... 97 are the other member's
        }
        tracker.shared(false); // the other member left: this one now reads every partition
        record(100, 200, 1, 2 * SECOND);
        tracker.record(PRODUCER, 205, 0, 1, 2 * SECOND); // 200..204 missing: a real loss now
        tracker.expire(20 * SECOND);
        // 1, 3, ..., 97 and 99 (above this instance's highest, below the first number read after)
        assertThat(account().unobserved()).isEqualTo(50);
        assertThat(account().lost()).isEqualTo(5);
        assertThat(lostByPhase).containsExactly(Map.entry(1, 5L));
    }

    @Test
    void aLateRecordWithinTheGracePeriodClosesItsGap() {
        record(0, 10, 0, SECOND);
        record(11, 20, 0, SECOND);
        tracker.record(PRODUCER, 10, 0, 0, 2 * SECOND);
        tracker.expire(60 * SECOND);
        assertThat(account().lost()).isZero();
        assertThat(account().received()).isEqualTo(20);
        assertThat(account().outOfOrder()).isEqualTo(1);
    }

    @Test
    void repeatsAreDuplicatesWhetherRecentOrLongAgo() {
        record(0, 100, 0, SECOND);
        assertThat(tracker.record(PRODUCER, 99, 0, 0, SECOND)).isEqualTo(SequenceOutcome.DUPLICATE);
        assertThat(tracker.record(PRODUCER, 3, 0, 0, SECOND)).isEqualTo(SequenceOutcome.DUPLICATE);
        record(150, 151, 0, SECOND);
        assertThat(tracker.record(PRODUCER, 150, 0, 0, SECOND)).isEqualTo(SequenceOutcome.DUPLICATE);
        assertThat(account().duplicated()).isEqualTo(3);
        assertThat(account().received()).isEqualTo(101);
    }

    @Test
    void aLowerRecordWithinTheFirstGracePeriodMovesTheStartDown() {
        record(500, 600, 0, SECOND);
        // 498 and 499 were in flight on another partition when tracking started.
        assertThat(tracker.record(PRODUCER, 499, 1, 0, 2 * SECOND)).isEqualTo(SequenceOutcome.RECEIVED);
        assertThat(account().pending()).isZero();
        assertThat(tracker.record(PRODUCER, 497, 2, 0, 2 * SECOND)).isEqualTo(SequenceOutcome.RECEIVED);
        assertThat(account().pending()).isEqualTo(1);
        tracker.record(PRODUCER, 498, 3, 0, 2 * SECOND);
        tracker.expire(60 * SECOND);
        assertThat(account()).isEqualTo(new ProducerTrack(PRODUCER, 497, 599, 103, 0, 0, 0, 0, 0, 0, 0));
    }

    @Test
    void afterTheFirstGracePeriodLowerRecordsAreBeforeTheStart() {
        record(500, 600, 0, SECOND);
        assertThat(tracker.record(PRODUCER, 499, 1, 0, 7 * SECOND)).isEqualTo(SequenceOutcome.BEFORE_START);
        assertThat(account().beforeStart()).isEqualTo(1);
        assertThat(account().duplicated()).isZero();
        assertThat(account().firstSequence()).isEqualTo(500);
    }

    @Test
    void aJumpBeyondTheWindowCountsTheSkippedNumbersAsLostAtOnce() {
        record(0, 10, 0, SECOND);
        tracker.record(PRODUCER, 10 + SequenceWindow.WINDOW + 5, 0, 2, SECOND);
        assertThat(account().lost()).isEqualTo(6);
        assertThat(account().pending()).isEqualTo(SequenceWindow.WINDOW - 1);
    }

    @Test
    void aPauseLongerThanTheGraceDoesNotAgeTheGapsThatOpenAfterIt() {
        record(0, 10, 0, SECOND);
        // Paused for 100 s, then 11 overtakes 10 on another partition: 10 is a fresh gap.
        tracker.record(PRODUCER, 11, 1, 0, 100 * SECOND);
        tracker.expire(100 * SECOND + 1);
        assertThat(account().pending()).isEqualTo(1);
        assertThat(tracker.record(PRODUCER, 10, 2, 0, 100 * SECOND + 2)).isEqualTo(SequenceOutcome.RECEIVED);
        assertThat(account().lost()).isZero();
        assertThat(account().duplicated()).isZero();
    }

    @Test
    void aRecordArrivingAfterItWasDeclaredLostIsLateNotADuplicate() {
        record(0, 64, 0, SECOND);
        record(65, 70, 0, SECOND);
        tracker.expire(10 * SECOND);
        assertThat(account().lost()).isEqualTo(1);
        assertThat(tracker.record(PRODUCER, 64, 1, 0, 11 * SECOND)).isEqualTo(SequenceOutcome.LATE);
        assertThat(account().lost()).isZero();
        assertThat(account().late()).isEqualTo(1);
        assertThat(account().duplicated()).isZero();
        assertThat(tracker.record(PRODUCER, 64, 1, 0, 11 * SECOND)).isEqualTo(SequenceOutcome.DUPLICATE);
    }

    @Test
    void resettingCountsInTheMiddleOfAStreamInventsNoGaps() {
        for (long s = 0; s < 100; s++) {
            if (s != 50) {
                tracker.record(PRODUCER, s, (int) (s % 3), 0, SECOND);
            }
        }
        tracker.resetCounts();
        tracker.record(PRODUCER, 50, 2, 0, SECOND);
        record(100, 200, 0, SECOND);
        tracker.expire(60 * SECOND);
        ProducerTrack account = account();
        assertThat(account.firstSequence()).isEqualTo(50);
        assertThat(account.received()).isEqualTo(101);
        assertThat(account.lost()).isZero();
        assertThat(account.pending()).isZero();
    }

    @Test
    void anAbsurdJumpIsCountedInOneStep() {
        record(0, 10, 0, SECOND);
        tracker.record(PRODUCER, 1L << 50, 0, 0, SECOND);
        assertThat(account().lost()).isEqualTo((1L << 50) - 10 - (SequenceWindow.WINDOW - 1));
        tracker.expire(60 * SECOND);
        assertThat(account().pending()).isZero();
    }

    @Test
    void memoryDoesNotGrowWithTheNumberOfRecords() {
        long s = 0;
        for (; s < 5L * SequenceWindow.WINDOW; s++) {
            if (s % 1_000 != 7) {
                tracker.record(PRODUCER, s, 0, 0, s); // now = s µs, so old gaps expire as the run goes on
            }
            if (s % 100_000 == 0) {
                tracker.expire(s);
            }
        }
        tracker.expire(s + 10 * SECOND);
        ProducerTrack account = account();
        assertThat(account.lost()).isEqualTo(5L * SequenceWindow.WINDOW / 1_000 + 1);
        assertThat(account.received() + account.lost()).isEqualTo(5L * SequenceWindow.WINDOW);
        assertThat(account.pending()).isZero();
    }

    private void record(long fromInclusive, long toExclusive, int phase, long nowMicros) {
        for (long s = fromInclusive; s < toExclusive; s++) {
            tracker.record(PRODUCER, s, 0, phase, nowMicros);
        }
    }

    private ProducerTrack account() {
        return tracker.accounts().get(0);
    }
}
