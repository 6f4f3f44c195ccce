package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.producer.TransactionCounts;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.runner.scenario.Phase;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class BrokenPhaseTest {

    private static final Instant FROM = Instant.parse("2026-11-21T23:50:00Z");

    @Test
    void countsThatAddUpWithALossAreNotBroken() {
        assertThat(BrokenPhase.reason("p", record(counts(1_000, 990, 10, 0, 0, null), true)))
                .isEmpty();
    }

    @Test
    void aPhaseWithoutCountsIsNotBroken() {
        assertThat(BrokenPhase.reason("p", record(null, false))).isEmpty();
    }

    @Test
    void unreadRecordsBreakThePhase() {
        assertThat(BrokenPhase.reason("p", record(counts(1_000, 600, 0, 0, 400, null), true)))
                .hasValueSatisfying(r -> assertThat(r)
                        .contains("phase p: 400 of 1000 acknowledged records are unread")
                        .doesNotContain("or not yet"));
    }

    @Test
    void oneUnreadRecordOfAPhaseNotClosedBreaksItAndSaysTheGroupMayNotHaveReadItYet() {
        assertThat(BrokenPhase.reason("p", record(counts(1_000, 999, 0, 0, 1, null), false)))
                .hasValueSatisfying(r -> assertThat(r)
                        .contains("phase p: 1 of 1000 acknowledged records are unread")
                        .contains("(or not yet, the phase could not be closed)"));
    }

    @Test
    void countsThatDoNotAddUpBreakThePhase() {
        // 1000 acknowledged, 990 accounted for: 10 records nothing explains.
        assertThat(BrokenPhase.reason("p", record(counts(1_000, 985, 5, 0, 0, null), true)))
                .hasValueSatisfying(r -> assertThat(r)
                        .contains("its counts do not add up")
                        .contains("acked 1000 is not received 985 + lost 5 + unobserved 0 + unread 0 (the producer's"));
    }

    @Test
    void abortedRecordsNotGivenAtReadCommittedAreAccountedFor() {
        TransactionCounts tx = new TransactionCounts(9, 1, 100, 2.0);
        assertThat(BrokenPhase.reason("p", record(counts(1_000, 900, 0, 0, 0, tx), true)))
                .isEmpty();
        assertThat(BrokenPhase.reason("p", record(counts(1_000, 1_000, 0, 0, 0, tx), true)))
                .isEmpty();
    }

    @Test
    void countsThatDoNotAddUpEvenWithTheAbortedRecordsLeftOutBreakThePhaseAndSayTheirTerms() {
        TransactionCounts tx = new TransactionCounts(9, 1, 100, 2.0);
        assertThat(BrokenPhase.reason("p", record(counts(1_000, 950, 0, 0, 0, tx), true)))
                .hasValueSatisfying(r -> assertThat(r).contains("unread 0 (+ aborted 100)"));
    }

    @Test
    void recordsStoredDespiteAFailedSendAreATermOfTheSumAndSaidWhenItDoesNotAddUp() {
        // 1000 acknowledged and 3 stored though their send failed: 1003 given, 1003 accounted for.
        PhaseCounts adds = new PhaseCounts(1_010, 1_000, 10, 1_003, 0, 0, 0, 0, 0, 0, 0, 0, 3, null, null);
        PhaseCounts short1 = new PhaseCounts(1_010, 1_000, 10, 1_002, 0, 0, 0, 0, 0, 0, 0, 0, 3, null, null);

        assertThat(BrokenPhase.reason("p", record(adds, true))).isEmpty();
        assertThat(BrokenPhase.reason("p", record(short1, true))).hasValueSatisfying(r -> assertThat(r)
                .contains("acked 1000 + stored despite failure 3 is not received 1002"));
    }

    private static PhaseCounts counts(
            long acked, long received, long lost, long unobserved, long unread, TransactionCounts tx) {
        return new PhaseCounts(acked, acked, 0, received, lost, unobserved, 0, 0, 0, 0, 0, unread, 0, tx, null);
    }

    private static PhaseRecord record(PhaseCounts counts, boolean fenced) {
        return new PhaseRecord(
                1,
                new Phase(
                        "p",
                        new ProducerSettings(5, 16384, Compression.NONE, 1000, 400, KeyStrategy.ORDER_ID),
                        Duration.ofSeconds(10),
                        Duration.ofSeconds(50)),
                1001,
                FROM.minusSeconds(10),
                FROM,
                FROM.plusSeconds(50),
                0,
                counts == null ? 0 : counts.acked(),
                null,
                null,
                counts,
                fenced,
                null,
                null,
                true,
                null);
    }
}
