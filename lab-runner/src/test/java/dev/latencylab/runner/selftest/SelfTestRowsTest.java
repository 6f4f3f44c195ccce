package dev.latencylab.runner.selftest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.runner.run.PhaseRecord;
import dev.latencylab.runner.run.RunRecord;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.Scenario;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The self-test's verdicts: a row matches only when the counts are exactly what the fault implies. */
class SelfTestRowsTest {

    private static final ProducerSettings S =
            new ProducerSettings(5, 16_384, Compression.NONE, 500, 400, KeyStrategy.ORDER_ID);

    @Test
    void aSkipOfFiftyMatchesOnlyFiftyLostAndADuplicateOnlyWhenCountedOnce() {
        RunRecord right = run(
                record(SelfTestRows.CLEAN, counts(3000, 3000, 0, 0)),
                record(SelfTestFaults.SKIPPED, counts(3000, 2950, 50, 0)),
                record(SelfTestFaults.WRITTEN_TWICE, counts(3000, 3000, 0, 30)));
        assertThat(SelfTestRows.faults(right))
                .filteredOn(r ->
                        r.fault().equals(SelfTestFaults.SKIPPED) || r.fault().equals(SelfTestFaults.WRITTEN_TWICE))
                .hasSize(2)
                .allMatch(SelfTestRow::matches);
        // Without its e2e samples even a clean phase is no match: the figures must agree with the counts.
        assertThat(SelfTestRows.faults(right))
                .filteredOn(r -> r.fault().equals(SelfTestRows.CLEAN))
                .noneMatch(SelfTestRow::matches);

        RunRecord wrong = run(
                record(SelfTestRows.CLEAN, counts(3000, 3000, 0, 0)),
                record(SelfTestFaults.SKIPPED, counts(3000, 2951, 49, 0)),
                record(SelfTestFaults.WRITTEN_TWICE, counts(3000, 3030, 0, 30)));
        assertThat(SelfTestRows.faults(wrong))
                .filteredOn(r ->
                        r.fault().equals(SelfTestFaults.SKIPPED) || r.fault().equals(SelfTestFaults.WRITTEN_TWICE))
                .noneMatch(SelfTestRow::matches);
    }

    @Test
    void transactionsMatchOnlyWhenExactlyTheAbortedRecordsAreSetApart() {
        assertThat(transactionsRow(3000, 2000, 1000, 0)).isTrue();
        // One aborted record given to the read_committed consumer, or one committed record not given.
        assertThat(transactionsRow(3000, 2001, 1000, 0)).isFalse();
        assertThat(transactionsRow(3000, 1999, 1000, 0)).isFalse();
        // A committed record counted lost instead of received.
        assertThat(transactionsRow(3000, 1999, 1000, 1)).isFalse();
        // No transaction aborted: the row proves nothing.
        assertThat(transactionsRow(3000, 3000, 0, 0)).isFalse();
    }

    private static boolean transactionsRow(long acked, long received, long abortedRecords, long lost) {
        PhaseCounts c = new PhaseCounts(
                acked,
                acked,
                0,
                received,
                lost,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                new dev.latencylab.api.producer.TransactionCounts(40, 20, abortedRecords, 1.5),
                null);
        PhaseView latency =
                new PhaseView(1, received, null, null, null, null, 0, 0, 0, 0, 0, 0, null, null, null, 0, null);
        PhaseRecord p = new PhaseRecord(
                1,
                phase(SelfTestRows.TRANSACTIONS),
                1,
                null,
                null,
                null,
                0,
                0,
                latency,
                null,
                c,
                true,
                null,
                null,
                true,
                null);
        return SelfTestRows.faults(run(p)).stream()
                .filter(r -> r.fault().equals(SelfTestRows.TRANSACTIONS))
                .findFirst()
                .orElseThrow()
                .matches();
    }

    @Test
    void rightCountsOfAPhaseTheFenceNeverClosedAreNoMatch() {
        PhaseRecord open = new PhaseRecord(
                1,
                phase(SelfTestFaults.SKIPPED),
                1,
                null,
                null,
                null,
                0,
                0,
                null,
                null,
                counts(3000, 2950, 50, 0),
                false,
                null,
                null,
                true,
                null);
        assertThat(SelfTestRows.faults(run(open)))
                .filteredOn(r -> r.fault().equals(SelfTestFaults.SKIPPED))
                .singleElement()
                .satisfies(r -> assertThat(r.matches()).isFalse())
                .satisfies(r -> assertThat(r.reported()).startsWith("NOT CLOSED"));
        PhaseRecord killed = new PhaseRecord(
                1,
                phase(SelfTestRows.ACKS_1),
                1,
                null,
                null,
                null,
                0,
                0,
                null,
                null,
                counts(10_000, 9_997, 3, 2),
                false,
                null,
                null,
                true,
                null);
        assertThat(SelfTestRows.brokersOwnLoss(Optional.of(killed), new LogAudit.Held(9_999, 9_997))
                        .matches())
                .isFalse();
    }

    @Test
    void theBrokersOwnLossIsJudgedAgainstWhatTheLogHolds() {
        PhaseRecord killed = record(SelfTestRows.ACKS_1, counts(10_000, 9_997, 3, 2));
        assertThat(SelfTestRows.brokersOwnLoss(Optional.of(killed), new LogAudit.Held(9_999, 9_997))
                        .matches())
                .isTrue();
        // The log kept one record more than the lab received: a count that hid a record.
        assertThat(SelfTestRows.brokersOwnLoss(Optional.of(killed), new LogAudit.Held(10_000, 9_998))
                        .matches())
                .isFalse();
        assertThat(SelfTestRows.brokersOwnLoss(Optional.of(killed), null).matches())
                .isFalse();
    }

    @Test
    void aPhaseNotClosedOrWithoutItsSamplesFailsTheRunOfManyPhases() {
        PhaseRecord whole = record("linger-0", counts(300, 300, 0, 0));
        PhaseRecord open = new PhaseRecord(
                2,
                phase("linger-5"),
                2,
                null,
                null,
                null,
                0,
                0,
                null,
                null,
                counts(300, 300, 0, 0),
                false,
                null,
                null,
                true,
                null);
        assertThat(SelfTestRows.limits(run(whole), 1, "old").get(1).matches()).isFalse(); // no e2e samples
        assertThat(SelfTestRows.limits(run(open), 1, "old").get(1).matches()).isFalse();
    }

    private static PhaseCounts counts(long acked, long received, long lost, long duplicated) {
        return new PhaseCounts(acked, acked, 0, received, lost, 0, 0, duplicated, 0, 0, 0, 0, 0, null, null);
    }

    private static PhaseRecord record(String name, PhaseCounts counts) {
        return new PhaseRecord(
                1, phase(name), 1, null, null, null, 0, 0, null, null, counts, true, null, null, true, null);
    }

    private static Phase phase(String name) {
        return new Phase(name, S, Duration.ofSeconds(1), Duration.ofSeconds(5));
    }

    private static RunRecord run(PhaseRecord... phases) {
        return new RunRecord(
                new Scenario("selftest", "", List.of(phase("clean"))),
                Instant.EPOCH,
                Instant.EPOCH,
                List.of(phases),
                true,
                null,
                null,
                null,
                true,
                List.of(),
                List.of(),
                List.of());
    }
}
