package dev.latencylab.core.latency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.accounting.PhaseIds;
import dev.latencylab.api.latency.KeyOrder;
import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.latency.SlowRecords;
import dev.latencylab.api.latency.Totals;
import dev.latencylab.api.producer.PartitionAcks;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.core.accounting.OffsetLedger;
import dev.latencylab.core.accounting.OffsetLedgers;
import dev.latencylab.core.accounting.SequenceOutcome;
import dev.latencylab.core.accounting.SequenceTracker;
import dev.latencylab.core.clock.EpochMicros;
import dev.latencylab.core.header.LabHeader;
import dev.latencylab.core.header.RecordStamp;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class LatencyRecorderTest {

    private static final String TOPIC = "lab.orders";

    private static final UUID PRODUCER = UUID.randomUUID();
    private static final int PHASE_A = 1;
    private static final int PHASE_B = 2;
    private static final byte[] JSON = "{\"orderId\":\"x\"}".getBytes(StandardCharsets.US_ASCII);
    private static final long T0 = 1_763_769_600_000_000L;

    private final LatencyRecorder recorder = new LatencyRecorder(Duration.ofSeconds(5), OffsetLedgers.inMemory());
    private final long[] nextOffset = new long[4];

    /** What the consumer-app's Prometheus histograms read at scrape time instead of a timer per record. */
    @Test
    void theHeldPhasesLatenciesAreReadInTheLabsBucketsAndADroppedEntryKeepsItsFinalCounts() {
        record(header(0, T0, T0 + 100, PHASE_A), JSON, 0, T0 + 1_100); // 1 ms, corrected 1.1 ms
        record(header(1, T0, T0 + 100, PHASE_A), JSON, 0, T0 + 2_100);
        record(header(2, T0, T0, PHASE_B), JSON, 0, T0 + 40);

        List<HeldLatency> held = recorder.heldLatencies();
        assertThat(held).extracting(HeldLatency::phase).containsExactly(PHASE_A, PHASE_B);
        LatencyBucketCounts latency = new LatencyBucketCounts();
        LatencyBucketCounts corrected = new LatencyBucketCounts();
        held.get(0).readInto(latency, corrected);
        assertThat(latency.count()).isEqualTo(2);
        assertThat(latency.sumSeconds()).isCloseTo(0.003, org.assertj.core.data.Offset.offset(1e-5));
        assertThat(latency.recentMaxSeconds()).isEqualTo(0.002);
        assertThat(corrected.recentMaxSeconds()).isEqualTo(0.0021);
        double[] bounds = LatencyBucketCounts.upperBoundsSeconds();
        long[] counts = latency.counts();
        for (int i = 0; i < bounds.length; i++) {
            long expected = (bounds[i] >= 0.001 && (i == 0 || bounds[i - 1] < 0.001) ? 1 : 0)
                    + (bounds[i] >= 0.002 && (i == 0 || bounds[i - 1] < 0.002) ? 1 : 0);
            assertThat(counts[i]).as("bucket le=%s", bounds[i]).isEqualTo(expected);
        }

        record(header(3, T0, T0 + 100, PHASE_A), JSON, 0, T0 + 600);
        recorder.release(PHASE_A);

        assertThat(recorder.heldLatencies()).extracting(HeldLatency::phase).containsExactly(PHASE_B);
        assertThat(recorder.heldLatencies()).isEqualTo(List.of(held.get(1))).doesNotContain(held.get(0));
        LatencyBucketCounts last = new LatencyBucketCounts();
        held.get(0).readInto(last, new LatencyBucketCounts());
        assertThat(last.count()).isEqualTo(3);
        assertThat(last.recentMaxSeconds())
                .as("the largest since the last read")
                .isEqualTo(0.0005);
    }

    @Test
    void eachPhaseGetsItsOwnPercentilesOfBothLatencies() {
        for (int i = 0; i < 1_000; i++) {
            // linger 0: sent on time, consumed 2 ms later
            record(header(i, T0 + i * 1_000L, T0 + i * 1_000L, PHASE_A), JSON, 0, T0 + i * 1_000L + 2_000);
        }
        for (int i = 1_000; i < 2_000; i++) {
            // linger 20: sent 5 ms late, consumed 25 ms after the send
            long intended = T0 + i * 1_000L;
            record(header(i, intended, intended + 5_000, PHASE_B), JSON, 0, intended + 30_000);
        }
        LatencyView report = recorder.report();
        assertThat(report.phases()).extracting(PhaseView::phase).containsExactly(PHASE_A, PHASE_B);
        PhaseView fast = report.phases().get(0);
        PhaseView slow = report.phases().get(1);
        assertThat(fast.count()).isEqualTo(1_000);
        assertThat(fast.latencyMs().p50()).isCloseTo(2.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(fast.correctedLatencyMs().p99()).isCloseTo(2.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(slow.latencyMs().p50()).isCloseTo(25.0, org.assertj.core.data.Offset.offset(0.05));
        assertThat(slow.correctedLatencyMs().p50()).isCloseTo(30.0, org.assertj.core.data.Offset.offset(0.05));
        assertThat(report.totals().received()).isEqualTo(2_000);
        assertThat(report.totals().lost()).isZero();
    }

    @Test
    void recordsWithoutTheLabsHeaderOrWithABadPayloadAreCountedAndSkipped() {
        record(null, JSON, 0, T0);
        record("junk".getBytes(), JSON, 0, T0);
        record(header(0, T0, T0, PHASE_A), "not json".getBytes(), 0, T0);
        record(header(1, T0, T0, PHASE_A), JSON, 0, T0 + 1_000);
        LatencyView report = recorder.report();
        assertThat(report.totals().skipped()).isEqualTo(new Totals.Skipped(1, 1, 1, 0));
        // The line that is not JSON is still a record: received, only not a latency sample.
        assertThat(report.totals().received()).isEqualTo(2);
        assertThat(report.phases()).singleElement().satisfies(p -> {
            assertThat(p.count()).isEqualTo(1L);
            assertThat(p.unsampled()).isEqualTo(1L);
        });
    }

    @Test
    void sampleLinesThatAreNotJsonAreAccountedLikeEveryOtherRecordSoTheyMakeNoGapAndNoLoss() {
        for (int i = 0; i < 100; i++) {
            byte[] value = i % 10 == 0 ? "plain text line".getBytes() : JSON;
            recorder.record(header(i, T0, T0, 8), value, TOPIC, 0, i, T0 + 1_000);
        }
        recorder.expire(T0 + 60_000_000);
        LatencyView report = recorder.report();
        PhaseView phase = report.phase(8).orElseThrow();
        assertThat(phase.count()).isEqualTo(90);
        assertThat(phase.unsampled()).isEqualTo(10);
        assertThat(phase.lost()).isZero();
        assertThat(report.totals().lost()).isZero();
        assertThat(report.ledger(TOPIC).delivered(8)).isEqualTo(100);
        assertThat(report.ledger(TOPIC).partition(0).orElseThrow().segments()).hasSize(1);
    }

    @Test
    void aRunOfFourHundredPhasesReleasedOneByOneKeepsEveryPhasesCountsAndHoldsAFewPhasesAtATime() {
        long seq = 0;
        long offset = 0;
        for (int phase = 1_000; phase < 1_400; phase++) {
            for (int i = 0; i < 5; i++) { // the warm-up: phase 0
                recorder.record(header(seq++, T0, T0, 0), JSON, TOPIC, 0, offset++, T0 + 1_000);
            }
            for (int i = 0; i < 20; i++) {
                recorder.record(header(seq++, T0, T0, phase), JSON, TOPIC, 0, offset++, T0 + 2_000);
            }
            LatencyView report = recorder.report();
            assertThat(report.phase(phase).orElseThrow().count()).isEqualTo(20);
            assertThat(report.ledger(TOPIC).delivered(phase)).isEqualTo(20);
            assertThat(report.ledger(TOPIC).limitHit()).isNull();
            assertThat(report.totals().skipped().tooManyPhases()).isZero();
            recorder.release(phase);
        }
        assertThat(recorder.phasesHeld()).isZero();
        assertThat(recorder.report().ledger(TOPIC).partition(0).orElseThrow().segments())
                .hasSizeLessThanOrEqualTo(OffsetLedger.SEGMENTS);
        assertThat(recorder.totals().received()).isEqualTo(400 * 25);
    }

    @Test
    void aRecordOfAPhaseJustReleasedOrResetOpensItAgainRatherThanFillingWhatWasDropped() {
        recorder.record(header(1, T0, T0, 7), JSON, TOPIC, 0, 1, T0 + 1_000);
        recorder.record(header(2, T0, T0, 7), JSON, TOPIC, 0, 2, T0 + 1_000);
        recorder.release(7);

        recorder.record(header(3, T0, T0, 7), JSON, TOPIC, 0, 3, T0 + 1_000);

        assertThat(recorder.phasesHeld()).isEqualTo(1);
        assertThat(recorder.report().phase(7).orElseThrow().count()).isEqualTo(1);

        recorder.reset();
        recorder.record(header(4, T0, T0, 7), JSON, TOPIC, 0, 4, T0 + 1_000);

        assertThat(recorder.phasesHeld()).isEqualTo(1);
        assertThat(recorder.report().phase(7).orElseThrow().count()).isEqualTo(1);
    }

    /** Each record of a phase without room is refused and counted, and lands in no phase held. */
    @Test
    void phasesNeverReleasedReachTheLimitVisiblyNeverSilently() {
        long seq = 0;
        for (int phase = 1; phase <= LatencyRecorder.MAX_PHASES + 3; phase++) {
            int records = phase > LatencyRecorder.MAX_PHASES ? 2 : 1;
            for (int r = 0; r < records; r++, seq++) {
                recorder.record(header(seq, T0, T0, phase), JSON, TOPIC, 0, seq, T0 + 1_000);
            }
        }
        assertThat(recorder.totals().skipped().tooManyPhases()).isEqualTo(6);
        assertThat(recorder.report().phases()).hasSize(LatencyRecorder.MAX_PHASES);
        assertThat(recorder.report()
                        .phase(LatencyRecorder.MAX_PHASES)
                        .orElseThrow()
                        .count())
                .isEqualTo(1);
    }

    /**
     * Switches by hand are phases of their own, kept by age: the newest {@link PhaseIds#KEPT_BY_HAND}
     * stay whatever the runner releases, the oldest go first, and the runner's phases keep their room.
     */
    @Test
    void phasesByHandAreTimedApartAndTheNewestFewKeptWhateverTheRunnerReleases() {
        int switches = PhaseIds.KEPT_BY_HAND + 4;
        long seq = 0;
        for (int i = 0; i < switches; i++) {
            int byHand = PhaseIds.FIRST_BY_HAND + 100 + i;
            for (int r = 0; r < 3; r++) {
                // Each switch its own latency: 1 ms, 2 ms, ...
                record(header(seq++, T0, T0, byHand), JSON, 0, T0 + (i + 1) * 1_000L);
            }
            record(header(seq++, T0, T0, PHASE_A), JSON, 1, T0 + 500);
            recorder.release(PHASE_A);
        }
        LatencyView report = recorder.report();
        assertThat(report.phases())
                .extracting(PhaseView::phase)
                .containsExactlyElementsOf(java.util.stream.IntStream.range(4, switches)
                        .mapToObj(i -> PhaseIds.FIRST_BY_HAND + 100 + i)
                        .toList());
        assertThat(report.phases().get(0).count()).isEqualTo(3);
        assertThat(report.phases().get(0).latencyMs().max()).isCloseTo(5.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(recorder.phasesHeld()).isEqualTo(PhaseIds.KEPT_BY_HAND);
        assertThat(report.totals().skipped().tooManyPhases()).isZero();
        assertThat(report.totals().received()).isEqualTo(seq);
        // A late record of a phase by hand dropped opens it again, dropping the then oldest.
        record(header(seq++, T0, T0, PhaseIds.FIRST_BY_HAND + 100), JSON, 0, T0 + 1_000);
        assertThat(recorder.report().phases())
                .extracting(PhaseView::phase)
                .doesNotContain(PhaseIds.FIRST_BY_HAND + 104)
                .contains(PhaseIds.FIRST_BY_HAND + 100);
    }

    @Test
    void aPhaseByHandDropsOnlyOlderPhasesByHandNeverTheRunnersHeldOnes() {
        int runners = PhaseIds.KEPT_BY_HAND + 4;
        for (int phase = 1; phase <= runners; phase++) {
            recorder.record(header(phase, T0, T0, phase), JSON, TOPIC, 0, phase, T0 + 1_000);
        }
        recorder.record(header(100, T0, T0, PhaseIds.FIRST_BY_HAND), JSON, TOPIC, 0, 100, T0 + 1_000);
        assertThat(recorder.report().phases()).hasSize(runners + 1);
        assertThat(recorder.phasesHeld()).isEqualTo(runners + 1);
    }

    /** The offset ledger holds the runner's phases: a record by hand inside a phase's run is a gap there, like a warm-up's. */
    @Test
    void aRecordByHandInsideAPhasesRunIsAGapOfItsSegmentAndItsCopyNoDuplicateOfThePhase() {
        for (int i = 0; i < 5; i++) {
            record(header(i, T0, T0, PHASE_A), JSON, 0, T0);
        }
        record(header(5, T0, T0, PhaseIds.FIRST_BY_HAND), JSON, 0, T0);
        record(header(6, T0, T0, PHASE_A), JSON, 0, T0);
        record(header(5, T0, T0, PhaseIds.FIRST_BY_HAND), JSON, 0, T0);

        LatencyView report = recorder.report();
        assertThat(report.totals().duplicated()).isEqualTo(1);
        assertThat(report.ledgers()).singleElement().satisfies(ledger -> {
            assertThat(ledger.delivered(PHASE_A)).isEqualTo(6);
            assertThat(ledger.duplicated(PHASE_A)).isZero();
            assertThat(ledger.partition(0).orElseThrow().segments()).hasSize(1);
        });
    }

    @Test
    void duplicatesAndLossesAreAttributedToTheirPhase() {
        for (int i = 0; i < 64; i++) {
            record(header(i, T0, T0, PHASE_A), JSON, 0, T0);
        }
        record(header(63, T0, T0, PHASE_A), JSON, 0, T0);
        record(header(70, T0, T0, PHASE_B), JSON, 0, T0); // 64..69 never arrive
        recorder.expire(T0 + 6_000_000);
        LatencyView report = recorder.report();
        assertThat(report.phases().get(0).duplicated()).isEqualTo(1);
        assertThat(report.phases().get(1).lost()).isEqualTo(6);
        assertThat(report.totals().lost()).isEqualTo(6);
        assertThat(report.totals().duplicated()).isEqualTo(1);
    }

    /**
     * Several producer-apps' warm-up records alternate with a phase's in a partition: the ledger
     * counts them as gaps of the phase's segment, and a warm-up record's second copy is no duplicate
     * of the phase's.
     */
    @Test
    void aWarmUpRecordsSecondCopyInsideAPhasesRunIsNotThePhasesDuplicate() {
        for (int i = 0; i < 5; i++) {
            record(header(i, T0, T0, PHASE_A), JSON, 0, T0);
        }
        record(header(5, T0, T0, 0), JSON, 0, T0); // the other instance still in the warm-up
        record(header(6, T0, T0, PHASE_A), JSON, 0, T0);
        record(header(5, T0, T0, 0), JSON, 0, T0); // its retried copy

        LatencyView report = recorder.report();
        assertThat(report.totals().duplicated()).isEqualTo(1);
        assertThat(report.ledgers()).singleElement().satisfies(ledger -> {
            assertThat(ledger.delivered(PHASE_A)).isEqualTo(6);
            assertThat(ledger.duplicated(PHASE_A)).isZero();
            assertThat(ledger.partition(0).orElseThrow().segments()).hasSize(1);
        });
    }

    @Test
    void resettingPhasesDropsSamplesButKeepsAccounting() {
        record(header(0, T0, T0, PHASE_A), JSON, 0, T0 + 100_000);
        recorder.resetPhases();
        record(header(1, T0, T0, PHASE_A), JSON, 0, T0 + 1_000);
        record(header(1, T0, T0, PHASE_A), JSON, 0, T0 + 1_000);
        LatencyView report = recorder.report();
        assertThat(report.phases().get(0).count()).isEqualTo(1);
        assertThat(report.phases().get(0).latencyMs().max()).isLessThan(2.0);
        assertThat(report.totals().duplicated()).isEqualTo(1);
        recorder.reset();
        assertThat(recorder.report().phases()).isEmpty();
        // The stream's state is kept (no gaps invented), its counts start again.
        assertThat(recorder.report().producers()).singleElement().satisfies(p -> assertThat(
                        p.received() + p.duplicated() + p.lost())
                .isZero());
    }

    @Test
    void latenciesOutsideTheHistogramRangeAreClampedAndCountedOncePerRecord() {
        // Each of these records has both latencies out of range (and the second its batch wait too):
        // two records, not four or five values.
        record(header(0, T0, T0, PHASE_A), JSON, 0, T0 - 10);
        recorder.record(
                header(1, T0, T0, PHASE_A),
                JSON,
                TOPIC,
                0,
                nextOffset[0]++,
                T0 - 1,
                T0 + PhaseHistograms.HIGHEST_MICROS + 1);
        // Only the corrected latency of this one is out of range: one record more.
        record(header(2, T0 - 1_000, T0 + 1_000, PHASE_A), JSON, 0, T0 + PhaseHistograms.HIGHEST_MICROS);
        record(header(3, T0, T0, PHASE_A), JSON, 0, T0 + 1_000);
        PhaseView phase = recorder.report().phases().get(0);
        assertThat(phase.count()).isEqualTo(4);
        assertThat(phase.clamped()).isEqualTo(3);
    }

    @Test
    void producersDroppedFromSequenceTrackingAreInTheTotals() {
        for (int i = 0; i <= SequenceTracker.MAX_PRODUCERS; i++) {
            byte[] header = LabHeader.encode(new RecordStamp(T0, T0, 0, UUID.randomUUID(), PHASE_A));
            record(header, JSON, 0, T0 + 1_000);
        }
        assertThat(recorder.totals().droppedProducers()).isEqualTo(1);
        assertThat(recorder.report().totals().droppedProducers()).isEqualTo(1);
    }

    @Test
    void lifetimeCountsOnlyGoUpThroughLateArrivalsAndResets() {
        for (long s = 0; s < 10; s++) {
            record(header(s, T0, T0, PHASE_A), JSON, 0, T0 + 1_000);
        }
        record(header(11, T0, T0, PHASE_A), JSON, 0, T0 + 1_000); // 10 missing
        recorder.expire(T0 + 7_000_000);
        assertThat(recorder.totals().lost()).isEqualTo(1);
        assertThat(recorder.report().phases().get(0).lost()).isEqualTo(1);
        assertThat(recorder.lifetime().lostDeclared()).isEqualTo(1);

        record(header(10, T0, T0, PHASE_A), JSON, 0, T0 + 8_000_000); // turns up late
        record(header(10, T0, T0, PHASE_A), JSON, 0, T0 + 8_000_000); // and again
        // The view takes the loss back, in its phase too; the counters do not go down, they count
        // the late arrival.
        assertThat(recorder.totals().lost()).isZero();
        assertThat(recorder.report().phases().get(0).lost()).isZero();
        assertThat(recorder.report().phases().get(0).late()).isEqualTo(1);
        assertThat(recorder.lifetime()).isEqualTo(new LifetimeCounts(12, 1, 1, 1, 0, 0, 0, 0, 0));

        recorder.reset();
        record(null, JSON, 0, T0 + 9_000_000);
        assertThat(recorder.totals().late()).isZero();
        assertThat(recorder.lifetime()).isEqualTo(new LifetimeCounts(12, 1, 1, 1, 0, 0, 1, 0, 0));
    }

    @Test
    void aRecordReadAgainFromAnOffsetAlreadyProcessedIsRedeliveredNotADuplicateNorASample() {
        recorder.record(header(0, T0, T0, 3), JSON, TOPIC, 1, 500, T0 + 1_000);
        recorder.record(header(1, T0, T0, 3), JSON, TOPIC, 1, 501, T0 + 1_000);
        RecordResult again = recorder.record(header(0, T0, T0, 3), JSON, TOPIC, 1, 500, T0 + 90_000_000);
        RecordResult rewritten = recorder.record(header(1, T0, T0, 3), JSON, TOPIC, 1, 502, T0 + 2_000);

        assertThat(again.outcome()).isEqualTo(SequenceOutcome.REDELIVERED);
        assertThat(rewritten.outcome()).isEqualTo(SequenceOutcome.DUPLICATE);
        PhaseView phase = recorder.report().phase(3).orElseThrow();
        assertThat(phase.count()).isEqualTo(2);
        assertThat(phase.redelivered()).isEqualTo(1);
        assertThat(phase.duplicated()).isEqualTo(1);
        assertThat(phase.latencyMs().max()).isLessThan(2.0);
        assertThat(recorder.report().ledger(TOPIC).redelivered(3)).isEqualTo(1);
        // Three offsets, two records: what the phase received is counted in records.
        assertThat(recorder.report().ledger(TOPIC).delivered(3)).isEqualTo(3);
        PhaseSends sends =
                new PhaseSends(3, TOPIC, 2, 2, 0, null, List.of(new PartitionAcks(1, 2, 500, 502)), null, null);
        assertThat(PhaseCounts.of(sends, recorder.report().ledger(TOPIC), Optional.of(phase))
                        .received())
                .isEqualTo(2);
        assertThat(recorder.lifetime().redelivered()).isEqualTo(1);
    }

    @Test
    void phasesAreKeyedByTheRunnersIdAlone() {
        recorder.record(header(0, T0, T0, 0), JSON, TOPIC, 0, 0, T0 + 1_000);
        recorder.record(header(1, T0, T0, 5), JSON, TOPIC, 0, 1, T0 + 1_000);
        recorder.record(header(2, T0, T0, 5), JSON, TOPIC, 0, 2, T0 + 1_000);

        LatencyView report = recorder.report();
        assertThat(report.phases()).extracting(PhaseView::phase).containsExactly(0, 5);
        assertThat(report.phase(5)).get().extracting(PhaseView::count).isEqualTo(2L);
        assertThat(report.phase(0)).get().extracting(PhaseView::count).isEqualTo(1L);
    }

    @Test
    void partitionZeroOfOneTopicIsNotPartitionZeroOfAnother() {
        recorder.record(header(0, T0, T0, 3), JSON, TOPIC, 0, 7, T0 + 1_000);
        RecordResult otherTopic = recorder.record(header(1, T0, T0, 3), JSON, "lab.orders.p1", 0, 7, T0 + 1_000);

        assertThat(otherTopic.outcome()).isNotEqualTo(SequenceOutcome.REDELIVERED);
        LatencyView report = recorder.report();
        assertThat(report.ledger(TOPIC).delivered(3)).isEqualTo(1);
        assertThat(report.ledger("lab.orders.p1").delivered(3)).isEqualTo(1);
        assertThat(report.ledger("lab.orders.none").partitions()).isEmpty();
    }

    @Test
    void aWatchCountsOnlyTheRecordsSlowerThanItsThresholdAfterItWasSet() {
        recorder.record(header(0, T0, T0, 4), JSON, TOPIC, 0, 0, T0 + 50_000); // before: not counted
        recorder.watch(4, 10_000);
        recorder.record(header(1, T0 + 1_000_000, T0 + 1_000_000, 4), JSON, TOPIC, 0, 1, T0 + 1_005_000);
        // a stalled producer: sent 2 s late, so only the corrected latency (intended send) is slow
        recorder.record(header(2, T0 + 2_000_000, T0 + 4_000_000, 4), JSON, TOPIC, 0, 2, T0 + 4_001_000);
        recorder.record(header(3, T0 + 3_000_000, T0 + 3_000_000, 4), JSON, TOPIC, 0, 3, T0 + 3_700_000);
        recorder.record(header(4, T0, T0, 5), JSON, TOPIC, 0, 4, T0 + 90_000); // another phase

        SlowRecords slow = recorder.report().phase(4).orElseThrow().slow();
        assertThat(slow.aboveMs()).isEqualTo(10.0);
        assertThat(slow.count()).isEqualTo(2);
        assertThat(slow.firstSent()).isEqualTo(EpochMicros.toInstant(T0 + 2_000_000));
        assertThat(slow.lastSent()).isEqualTo(EpochMicros.toInstant(T0 + 3_000_000));
        assertThat(slow.lastReceived()).isEqualTo(EpochMicros.toInstant(T0 + 3_700_000));
        assertThat(slow.maxMs()).isEqualTo(2_001.0);
        assertThat(recorder.report().phase(5).orElseThrow().slow()).isNull();

        recorder.resetPhases();
        recorder.record(header(5, T0, T0, 4), JSON, TOPIC, 0, 5, T0 + 90_000);
        assertThat(recorder.report().phase(4).orElseThrow().slow()).isNull();
    }

    @Test
    void aWatchSetBeforeAPhasesFirstRecordHoldsForTheEntryThatRecordOpens() {
        assertThat(recorder.watch(6, 10_000)).isZero();
        recorder.record(header(0, T0, T0, 6), JSON, TOPIC, 0, 0, T0 + 50_000); // 50 ms: slow
        recorder.record(header(1, T0, T0, 6), JSON, TOPIC, 0, 1, T0 + 5_000); // 5 ms: not

        assertThat(recorder.report().phase(6).orElseThrow().slow().count()).isEqualTo(1);
    }

    @Test
    void aKeyWithARecordProcessedAfterALaterOneOfItIsOutOfOrderWhileRedeliveriesAndDuplicatesAreNoLook() {
        recordKeyed("A", 2, 0);
        recordKeyed("B", 1, 1);
        recordKeyed("A", 0, 2);
        recordKeyed("B", 3, 3);
        recordKeyed("C", 4, 4);
        // B's first record again: read again from its offset, then written twice by the producer.
        assertThat(recordKeyed("B", 1, 1).outcome()).isEqualTo(SequenceOutcome.REDELIVERED);
        assertThat(recordKeyed("B", 1, 5).outcome()).isEqualTo(SequenceOutcome.DUPLICATE);

        assertThat(recorder.report().phase(PHASE_A).orElseThrow().keyOrder()).isEqualTo(new KeyOrder(3, 2, 1, 0));
        recorder.resetPhases();
        recordKeyed("A", 6, 6);
        assertThat(recorder.report().phase(PHASE_A).orElseThrow().keyOrder()).isEqualTo(new KeyOrder(1, 0, 0, 0));
    }

    @Test
    void aKeyCheckedApartFromItsRecordingIsCheckedInTheOrderItIsGiven() {
        // Recorded in offset order without keys, as a batch whose workers finished C's 5 before its 4.
        recorder.record(false, null, header(4, T0, T0, PHASE_A), JSON, TOPIC, 0, 0, LatencyRecorder.NOT_POLLED, T0);
        recorder.record(false, null, header(5, T0, T0, PHASE_A), JSON, TOPIC, 0, 1, LatencyRecorder.NOT_POLLED, T0);
        recorder.keyOrder(header(5, T0, T0, PHASE_A), "C".getBytes(StandardCharsets.US_ASCII));
        recorder.keyOrder(header(4, T0, T0, PHASE_A), "C".getBytes(StandardCharsets.US_ASCII));
        recorder.keyOrder(header(9, T0, T0, PHASE_B), "C".getBytes(StandardCharsets.US_ASCII));

        assertThat(recorder.report().phase(PHASE_A).orElseThrow().keyOrder()).isEqualTo(new KeyOrder(1, 1, 1, 0));
        assertThat(recorder.report().phase(PHASE_B))
                .as("no record of it was recorded")
                .isEmpty();
    }

    /** A record a share consumer processed, without a key. */
    private RecordResult recordShared(
            byte[] header, byte[] value, String topic, int partition, long offset, long polledMicros, long nowMicros) {
        return recorder.record(true, null, header, value, topic, partition, offset, polledMicros, nowMicros);
    }

    private RecordResult recordKeyed(String key, long sequence, long offset) {
        return recorder.record(
                false,
                key.getBytes(StandardCharsets.US_ASCII),
                header(sequence, T0, T0, PHASE_A),
                JSON,
                TOPIC,
                0,
                offset,
                LatencyRecorder.NOT_POLLED,
                T0 + 1_000 + offset);
    }

    @Test
    void aPhaseReadPartlyByTheConsumerGroupAndPartlyByShareConsumersInAnyOrderIsCountedWholeAndOnce() {
        for (int i = 0; i < 10; i++) {
            record(header(i, T0, T0, PHASE_A), JSON, 0, T0 + 1_000); // offsets 0..9, the consumer group's
        }
        assertThat(recorder.shareStart(TOPIC, 0, 30, false)).hasValue(10);
        recorder.startShared(TOPIC, 0, 10);
        // Two share consumers: one holds offsets 10..14 while the other processes 15..29, then 10..14 come.
        for (long offset = 15; offset < 30; offset++) {
            recordShared(header(offset, T0, T0, PHASE_A), JSON, TOPIC, 0, offset, T0, T0 + 1_000);
        }
        assertThat(recorder.report().ledger(TOPIC).partition(0).orElseThrow().highestOffset())
                .isEqualTo(9);
        for (long offset = 10; offset < 15; offset++) {
            recordShared(header(offset, T0, T0, PHASE_A), JSON, TOPIC, 0, offset, T0, T0 + 1_000);
        }
        // A record whose lock ran out is processed again by another member.
        RecordResult again = recordShared(header(20, T0, T0, PHASE_A), JSON, TOPIC, 0, 20, T0, T0 + 2_000);

        assertThat(again.outcome()).isEqualTo(SequenceOutcome.REDELIVERED);
        LatencyView view = recorder.report();
        assertThat(view.ledger(TOPIC).partition(0).orElseThrow().highestOffset())
                .isEqualTo(29);
        assertThat(view.ledger(TOPIC).delivered(PHASE_A)).isEqualTo(30);
        assertThat(view.ledger(TOPIC).redelivered(PHASE_A)).isEqualTo(1);
        assertThat(view.totals().received()).isEqualTo(30);
        assertThat(view.totals().lost()).isZero();
        assertThat(view.phase(PHASE_A).orElseThrow().count()).isEqualTo(30);
        assertThat(recorder.resumeConsumerGroup(TOPIC, 0))
                .as("the consumer group goes on after")
                .hasValue(30);
    }

    @Test
    void backToTheConsumerGroupWhatTheShareGroupProcessedAboveItsInOrderPointIsReadAgainNotCountedTwice() {
        for (int i = 0; i < 10; i++) {
            record(header(i, T0, T0, PHASE_A), JSON, 0, T0 + 1_000); // offsets 0..9, the consumer group's
        }
        recorder.startShared(TOPIC, 0, recorder.shareStart(TOPIC, 0, 10, false).orElseThrow());
        // The share consumers processed 10..14 and 17..19; 15 and 16 were held when they stopped.
        for (long offset : new long[] {10, 11, 12, 13, 14, 17, 18, 19}) {
            recordShared(header(offset, T0, T0, PHASE_A), JSON, TOPIC, 0, offset, T0, T0 + 1_000);
        }
        assertThat(recorder.resumeConsumerGroup(TOPIC, 0)).hasValue(15);
        for (long offset = 15; offset < 20; offset++) {
            RecordResult r = recorder.record(header(offset, T0, T0, PHASE_A), JSON, TOPIC, 0, offset, T0 + 2_000);
            assertThat(r.outcome().isFirstArrival()).as("offset " + offset).isEqualTo(offset < 17);
        }

        LatencyView view = recorder.report();
        assertThat(view.ledger(TOPIC).delivered(PHASE_A)).isEqualTo(20);
        assertThat(view.ledger(TOPIC).redelivered(PHASE_A)).isEqualTo(3);
        assertThat(view.ledger(TOPIC).duplicated(PHASE_A)).isZero();
        assertThat(view.ledger(TOPIC).partition(0).orElseThrow().highestOffset())
                .isEqualTo(19);
        assertThat(view.totals().received()).isEqualTo(20);
    }

    @Test
    void aShareGroupsRecordWithoutTheHeaderIsPassedSoTheWatermarkGoesOnAndNoPhaseCountsIt() {
        recorder.startShared(TOPIC, 0, recorder.shareStart(TOPIC, 0, 0, false).orElseThrow());
        recordShared(header(0, T0, T0, PHASE_A), JSON, TOPIC, 0, 0, T0, T0 + 1_000);
        recordShared(null, JSON, TOPIC, 0, 1, T0, T0 + 1_000);
        recordShared("junk".getBytes(), JSON, TOPIC, 0, 2, T0, T0 + 1_000);
        recorder.passShared(TOPIC, 0, 3); // a self-test's skipped record
        recordShared(header(1, T0, T0, PHASE_A), JSON, TOPIC, 0, 4, T0, T0 + 1_000);

        LatencyView view = recorder.report();
        assertThat(view.ledger(TOPIC).partition(0).orElseThrow().highestOffset())
                .isEqualTo(4);
        assertThat(view.ledger(TOPIC).delivered(PHASE_A)).isEqualTo(2);
    }

    @Test
    void aRestartedAppReadingAsTheShareGroupGoesOnWhereItWas() {
        recorder.startShared(TOPIC, 0, recorder.shareStart(TOPIC, 0, 10, false).orElseThrow());
        recordShared(header(0, T0, T0, PHASE_B), JSON, TOPIC, 0, 12, T0, T0 + 2_000);

        assertThat(recorder.shareStart(TOPIC, 0, 50, true)).isEmpty();
        assertThat(recorder.shareStart(TOPIC, 1, 50, true))
                .as("a partition it never read")
                .hasValue(50);
        assertThat(recordShared(header(0, T0, T0, PHASE_B), JSON, TOPIC, 0, 12, T0, T0 + 3_000)
                        .outcome())
                .isEqualTo(SequenceOutcome.REDELIVERED);
    }

    private RecordResult record(byte[] header, byte[] value, int partition, long nowMicros) {
        return recorder.record(header, value, TOPIC, partition, nextOffset[partition]++, nowMicros);
    }

    private static byte[] header(long seq, long intended, long sent, int phase) {
        return LabHeader.encode(new RecordStamp(intended, sent, seq, PRODUCER, phase));
    }
}
