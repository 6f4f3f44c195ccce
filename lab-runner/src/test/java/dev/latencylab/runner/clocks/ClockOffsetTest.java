package dev.latencylab.runner.clocks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The estimator against a fake worker whose clock is off by a known amount, with delays each way the test
 * chooses: the estimate keeps the shortest round trip, and the known offset always lies within its
 * uncertainty, however asymmetric the delays.
 */
class ClockOffsetTest {

    private static final long SKEW = 250_000L;

    @Test
    void symmetricDelaysGiveTheOffsetExactly() throws Exception {
        FakeWorker worker = new FakeWorker(SKEW, new long[][] {{400, 400}});

        ClockOffset o = ClockOffset.estimate(worker, 1);

        assertThat(o.offsetMicros()).isEqualTo(SKEW);
        assertThat(o.uncertaintyMicros()).isEqualTo(400);
        assertThat(o.exchanges()).isEqualTo(1);
    }

    @Test
    void theShortestRoundTripIsKeptAndTheTrueOffsetLiesWithinItsUncertainty() throws Exception {
        // Request and answer delays (µs): the third exchange is the quickest, and lopsided.
        FakeWorker worker = new FakeWorker(
                SKEW, new long[][] {{5_000, 200}, {300, 9_000}, {100, 700}, {2_000, 2_000}, {150, 20_000}});

        ClockOffset o = ClockOffset.estimate(worker, 5);

        assertThat(o.uncertaintyMicros()).isEqualTo(400);
        // Read after 100 µs of an 800 µs round trip: the estimate is 300 µs short, within the 400.
        assertThat(o.offsetMicros()).isEqualTo(SKEW - 300);
        assertThat(Math.abs(o.offsetMicros() - SKEW)).isLessThanOrEqualTo(o.uncertaintyMicros());
    }

    @Test
    void everyAsymmetryStaysWithinTheBound() throws Exception {
        for (long there = 0; there <= 2_000; there += 250) {
            for (long back = 0; back <= 2_000; back += 250) {
                ClockOffset o = ClockOffset.estimate(new FakeWorker(-SKEW, new long[][] {{there, back}}), 1);
                assertThat(Math.abs(o.offsetMicros() + SKEW))
                        .as("delays %d and %d µs", there, back)
                        .isLessThanOrEqualTo(o.uncertaintyMicros());
            }
        }
    }

    @Test
    void anOddRoundTripsHalfIsRoundedUpSoTheBoundHolds() {
        ClockOffset o = ClockOffset.of(List.of(new ClockExchange(1_000, 1_001, 1_003)));

        assertThat(o.uncertaintyMicros()).isEqualTo(2);
        assertThat(o.offsetMicros()).isEqualTo(0);
    }

    @Test
    void noExchangeOrAClockSteppedBackIsRefused() {
        assertThatThrownBy(() -> ClockOffset.of(List.of())).hasMessage("no exchange");
        assertThatThrownBy(() -> ClockOffset.of(List.of(new ClockExchange(10, 5, 9))))
                .hasMessageContaining("the runner's clock stepped back");
    }

    /** A worker whose clock reads {@code skew} ahead of the runner's; each exchange takes the delays given. */
    private static final class FakeWorker implements ClockProbe {
        private final long skew;
        private final Deque<long[]> delays = new ArrayDeque<>();
        private long runnerNow = 1_700_000_000_000_000L;

        FakeWorker(long skew, long[][] delays) {
            this.skew = skew;
            this.delays.addAll(List.of(delays));
        }

        @Override
        public String worker() {
            return "http://fake:8080";
        }

        @Override
        public String part() {
            return "producer-app";
        }

        @Override
        public ClockExchange exchange() {
            long[] d = delays.removeFirst();
            long sent = runnerNow;
            long read = sent + d[0] + skew;
            long received = sent + d[0] + d[1];
            runnerNow = received + 1_000;
            return new ClockExchange(sent, read, received);
        }
    }
}
