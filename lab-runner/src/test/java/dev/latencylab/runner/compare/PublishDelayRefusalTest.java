package dev.latencylab.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.latencylab.api.latency.Percentiles;
import dev.latencylab.api.producer.SenderCounters;
import dev.latencylab.api.producer.SenderTime;
import org.junit.jupiter.api.Test;

/** A publish-delay window that measured a backlog, not the sender, is refused and not judged. */
class PublishDelayRefusalTest {

    private static final Percentiles P = new Percentiles(0.04, 0.05, 0.2, 0.3, 0.8, 2.0, 3.5);

    /** 4,500 records/s asked for over the producer's own 10 s. */
    private static CompareResult.PublishDelay window(long sent, Double blockedMs) {
        return new CompareResult.PublishDelay(
                4_500, 10.2, sent, sent / 10.2, P, new SenderTime(10.0, 1_500.0, 2_000.0, 30, 6), blockedMs);
    }

    @Test
    void aWindowThatSentWhatWasAskedWithoutWaitingIsJudged() {
        Verdict v = Goals.publishDelay(window(44_600, 0.0));

        // 44,600 of 45,000 on the producer's clock: 0.991, not the runner's 10.2 s.
        assertThat(window(44_600, 0.0).sentOverAsked()).isCloseTo(0.99111, within(1e-5));
        assertThat(window(44_600, 0.0).refusal()).isNull();
        assertThat(v.status()).isEqualTo(Verdict.Standing.MET);
    }

    @Test
    void aScheduleThatFellBehindIsRefused() {
        CompareResult.PublishDelay d = window(44_500, 0.0);

        assertThat(d.refusal()).isEqualTo("the open-loop schedule fell behind (sent/asked 0.989 < 0.99)");
        Verdict v = Goals.publishDelay(d);
        assertThat(v.status()).isEqualTo(Verdict.Standing.UNDECIDED);
        assertThat(v.ratio()).isNull();
        assertThat(v.text())
                .isEqualTo("publish delay window at 4,500 records/s REFUSED, not a valid measurement of the sender: the"
                        + " open-loop schedule fell behind (sent/asked 0.989 < 0.99); its p99 0.800 ms not judged");
    }

    @Test
    void anAccumulatorThatMadeSendWaitIsRefused() {
        CompareResult.PublishDelay d = window(45_000, 3.5);

        assertThat(d.refusal()).isEqualTo("send() waited 3.5 ms for room in the producer's accumulator");
        assertThat(Goals.publishDelay(d).status()).isEqualTo(Verdict.Standing.UNDECIDED);
        assertThat(d.account()).contains("it was blocked in send() on a full accumulator 0.4 ms per second");
    }

    @Test
    void aProducerAppThatDoesNotTellItsWaitIsJudgedOnItsScheduleAlone() {
        CompareResult.PublishDelay d = window(45_000, null);

        assertThat(d.refusal()).isNull();
        assertThat(d.account()).contains("its time blocked in send() is not told by this producer-app");
    }

    @Test
    void theWaitIsTheDifferenceOfTheProducersTotalOverTheWindow() {
        SenderCounters start = new SenderCounters(0, 0, 0, -1, 0L, 0L, 7_000_000L);
        SenderCounters end = new SenderCounters(10, 10, 0, 9, 0L, 0L, 9_500_000L);

        assertThat(LabDriver.blockedMs(start, end)).isEqualTo(2.5);
        assertThat(LabDriver.blockedMs(start, new SenderCounters(10, 10, 0, 9))).isNull();
    }
}
