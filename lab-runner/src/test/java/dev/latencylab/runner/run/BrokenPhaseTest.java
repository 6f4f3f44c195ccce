package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.producer.TransactionCounts;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsLimits;
import dev.latencylab.runner.scenario.Phase;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
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

    @Test
    void anInstanceShortOfItsShareBreaksThePhaseThoughTheGroupNearlyKeptItsTotal() {
        // 1000 records/s over 2 instances for 50 s: 25,000 each; one sent 24,000 (96 %), the group 98 %.
        assertThat(BrokenPhase.reason("p", twoInstances(25_000, 24_000, 50, 1000)))
                .hasValueSatisfying(r -> assertThat(r)
                        .contains(
                                "phase p: producer instance http://127.0.0.1:8082/ of 2 sent 480 of its 500 records/s")
                        .contains("(96.0 %)")
                        .contains("uneven load"));
        assertThat(BrokenPhase.reason("p", twoInstances(25_000, 24_600, 50, 1000)))
                .as("98.4 %")
                .isEmpty();
    }

    @Test
    void aShortWindowsBoundaryJitterUnthrottledPhasesAndOneInstanceAreNoShortfall() {
        // 2 s at 1000 records/s each: 100 short is 0.1 s of records, how far apart instances enter a phase.
        assertThat(BrokenPhase.reason("p", twoInstances(2_000, 1_900, 2, 2000))).isEmpty();
        assertThat(BrokenPhase.reason("p", twoInstances(2_000, 800, 2, 2000))).isPresent(); // 0.6 s short of the mean
        assertThat(BrokenPhase.reason("p", twoInstances(25_000, 1_000, 50, -1))).isEmpty();
        PhaseRecord starved = twoInstances(25_000, 1_000, 50, 1000);
        PhaseRecord noWindow = new PhaseRecord(
                1,
                starved.phase(),
                1,
                null,
                null,
                FROM,
                0,
                0,
                null,
                null,
                null,
                false,
                starved.description(),
                null,
                false,
                null);
        assertThat(BrokenPhase.reason("p", noWindow))
                .as("cut short before its window")
                .isEmpty();
        PhaseRecord one = record(counts(1_000, 1_000, 0, 0, 0, null), true);
        assertThat(BrokenPhase.reason("p", withProducers(one, 50, 1000, List.of(instance("a", 10)))))
                .isEmpty();
    }

    @Test
    void aWholeGroupHeldBackAlikeIsTheGroupsShortfallNotAStarvedInstance() {
        // A broker failure holds both back: 80 % each, evenly. The reading's group sentence says so.
        assertThat(BrokenPhase.reason("p", twoInstances(20_000, 20_100, 50, 1000)))
                .isEmpty();
        // The same group with one of them further behind than the other.
        assertThat(BrokenPhase.reason("p", twoInstances(20_000, 18_000, 50, 1000)))
                .isPresent();
    }

    private static PhaseRecord twoInstances(long a, long b, int seconds, double rate) {
        return withProducers(
                record(counts(a + b, a + b, 0, 0, 0, null), true),
                seconds,
                rate,
                List.of(instance("http://127.0.0.1:8080/", a), instance("http://127.0.0.1:8082/", b)));
    }

    private static PhaseDescription.ProducerInstance instance(String url, long sent) {
        return new PhaseDescription.ProducerInstance(url, sent, sent, 0.4);
    }

    private static PhaseRecord withProducers(
            PhaseRecord r, int seconds, double rate, List<PhaseDescription.ProducerInstance> producers) {
        ProducerSettings s = rate < 0
                ? new ProducerSettings(
                        5, 16384, Compression.NONE, SettingsLimits.UNTHROTTLED, 400, KeyStrategy.ORDER_ID)
                : new ProducerSettings(5, 16384, Compression.NONE, rate, 400, KeyStrategy.ORDER_ID);
        return new PhaseRecord(
                r.index(),
                new Phase("p", s, Duration.ofSeconds(10), Duration.ofSeconds(seconds)),
                r.phaseId(),
                r.startedAt(),
                FROM,
                FROM.plusSeconds(seconds),
                0,
                r.sentAtEnd(),
                null,
                null,
                r.counts(),
                r.fenced(),
                new PhaseDescription("lab.orders", List.of(0), null, List.of(), null, producers),
                null,
                true,
                null);
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
