package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.producer.SenderTime;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.runner.scenario.Phase;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The runner's window (wall clock) against the producer's own length of the phase (monotonic): a
 * machine suspended or paused mid-phase, or its clock set, ends the window early or late, and the
 * phase's rate with it.
 */
class ClockDisagreementTest {

    private static final ProducerSettings S =
            new ProducerSettings(10, 16_384, Compression.NONE, 1000, 400, KeyStrategy.ORDER_ID);
    private static final Instant START = Instant.parse("2026-12-03T00:50:00Z");

    @Test
    void aWindowTheWallClockCutShortIsSaidWithBothLengths() {
        // The wall clock stepped forward 7.9 s (a paused virtual machine set right after): the window's
        // 15 s by the wall clock ended after 7.1 s of the producer's, which sent at its rate all along.
        PhaseRecord cut = record(15.0, 7.1, 7_100);

        assertThat(cut.achievedRate()).isCloseTo(473.3, org.assertj.core.data.Offset.offset(0.1));
        assertThat(cut.clockDisagreement()).hasValueSatisfying(w -> assertThat(w)
                .contains("phase linger-10", "15.0 s by this machine's wall clock", "7.1 s by the producer's")
                .contains("7100 records sent"));
    }

    @Test
    void aWindowLongerByTheWallClockIsSaidToo() {
        assertThat(record(15.0, 40.0, 40_000).clockDisagreement()).isPresent();
    }

    @Test
    void twoHttpCallsApartIsAgreement() {
        assertThat(record(15.0, 15.04, 15_040).clockDisagreement()).isEmpty();
        // A tenth of a long window: an hour's phase is not judged to the second.
        assertThat(record(3_600.0, 3_300.0, 3_300_000).clockDisagreement()).isEmpty();
        assertThat(record(3_600.0, 3_200.0, 3_200_000).clockDisagreement()).isPresent();
    }

    @Test
    void withoutTheProducersTimeNothingIsSaid() {
        assertThat(record(15.0, null, 7_100).clockDisagreement()).isEmpty();
    }

    private static PhaseRecord record(double wallSeconds, Double producerSeconds, long sent) {
        Instant from = START.plusSeconds(5);
        PhaseSends sends = new PhaseSends(
                3,
                "lab.orders",
                sent,
                sent,
                0,
                null,
                List.of(),
                producerSeconds == null ? null : new SenderTime(producerSeconds, null, null, 0, 0),
                null);
        return new PhaseRecord(
                3,
                new Phase("linger-10", S, Duration.ofSeconds(5), Duration.ofSeconds(15)),
                3,
                START,
                from,
                from.plusNanos((long) (wallSeconds * 1e9)),
                0,
                sent,
                null,
                sends,
                null,
                false,
                null,
                null,
                true,
                null);
    }
}
