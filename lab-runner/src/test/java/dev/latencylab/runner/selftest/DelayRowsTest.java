package dev.latencylab.runner.selftest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.latency.Percentiles;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.runner.run.PhaseRecord;
import dev.latencylab.runner.scenario.Phase;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The delay rows: each maximum within its stated tolerance of the delay injected, or no match. */
class DelayRowsTest {

    private static final ProducerSettings S =
            new ProducerSettings(5, 16_384, Compression.NONE, 500, 400, KeyStrategy.ORDER_ID);

    @Test
    void aPausedSenderMatchesOnlyWhenPublishDelayAndCorrectedSeeThePauseAndNaiveDoesNot() {
        assertThat(DelayRows.paused(phase(2_004, 35, 2_041, true)).matches()).isTrue();
        // Corrected latency taken from the actual send time: it cannot see the pause.
        assertThat(DelayRows.paused(phase(2_004, 35, 41, true)).matches()).isFalse();
        // Naive latency taken from the intended time: it sees what it must not.
        assertThat(DelayRows.paused(phase(2_004, 2_039, 2_041, true)).matches()).isFalse();
        // A publish delay in µs reported as ms, or one that missed the stall.
        assertThat(DelayRows.paused(phase(2_004_000, 35, 2_041, true)).matches())
                .isFalse();
        assertThat(DelayRows.paused(phase(4, 35, 2_041, true)).matches()).isFalse();
        // Right figures, but the phase never closed: its counts are not final.
        assertThat(DelayRows.paused(phase(2_004, 35, 2_041, false)).matches()).isFalse();
        assertThat(DelayRows.paused(Optional.empty()).matches()).isFalse();
    }

    @Test
    void aHeldConsumerMatchesOnlyWhenBothEndToEndMaximaSeeTheHoldAndThePublishDelayDoesNot() {
        assertThat(DelayRows.held(phase(3, 2_012, 2_015, true)).matches()).isTrue();
        assertThat(DelayRows.held(phase(3, 12, 2_015, true)).matches()).isFalse();
        assertThat(DelayRows.held(phase(3, 2_012, 15, true)).matches()).isFalse();
        // Far above the hold: a phase mixed with another's backlog, or a clock read in the wrong place.
        assertThat(DelayRows.held(phase(3, 3_012, 3_015, true)).matches()).isFalse();
        assertThat(DelayRows.held(phase(1_100, 2_012, 2_015, true)).matches()).isFalse();
    }

    @Test
    void eachRowSaysWhatWasInjectedWhatWasReportedAndTheTolerance() {
        SelfTestRow row = DelayRows.paused(phase(2_004, 35, 2_041, true));
        assertThat(row.injected()).contains("2000 ms");
        assertThat(row.expected())
                .isEqualTo("publish delay max and e2e corrected max in [2000, 2500] ms, e2e max < 1000 ms;"
                        + " lost 0, received = acked");
        assertThat(DelayRows.held(Optional.empty()).expected())
                .isEqualTo("e2e max and e2e corrected max in [2000, 2500] ms, publish delay max < 1000 ms;"
                        + " lost 0, received = acked");
        assertThat(row.reported())
                .contains("publish delay max 2004.0 ms", "e2e max 35.0 ms", "corrected max 2041.0 ms");
    }

    private static Optional<PhaseRecord> phase(
            double publishMax, double naiveMax, double correctedMax, boolean fenced) {
        PhaseCounts counts = new PhaseCounts(3000, 3000, 0, 3000, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, null);
        PhaseView latency = new PhaseView(
                1, 3000, null, null, max(naiveMax), max(correctedMax), 0, 0, 0, 0, 0, 0, null, null, null, 0, null);
        PhaseSends sends = new PhaseSends(1, "lab.orders", 3000, 3000, 0, max(publishMax), List.of(), null, null);
        return Optional.of(new PhaseRecord(
                1,
                new Phase("p", S, Duration.ofSeconds(1), Duration.ofSeconds(5)),
                1,
                null,
                null,
                null,
                0,
                0,
                latency,
                sends,
                counts,
                fenced,
                null,
                null,
                true,
                null));
    }

    private static Percentiles max(double max) {
        return new Percentiles(0.8, 1, 2, 3, 4, 5, max);
    }
}
