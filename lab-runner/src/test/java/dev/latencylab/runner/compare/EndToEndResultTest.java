package dev.latencylab.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class EndToEndResultTest {

    @Test
    void readsAverageAndWholeMillisecondPercentilesOfARealRun() {
        EndToEndResult r =
                EndToEndResult.parse(Resources.text("end-to-end-latency.txt")).orElseThrow();

        assertThat(r.avgMs()).isCloseTo(4.2437, within(1e-9));
        assertThat(r.p50Ms()).isEqualTo(2);
        assertThat(r.p99Ms()).isEqualTo(25);
        assertThat(r.p999Ms()).isEqualTo(98);
    }

    @Test
    void readsTheRunOfTheComparisonsFirstRound() {
        assertThat(EndToEndResult.parse(Resources.text("end-to-end-latency-1500.txt")))
                .contains(new EndToEndResult(3.0399, 2, 12, 35));
    }

    @Test
    void progressLinesAloneAreNoResult() {
        // What a run stopped midway leaves: the per-1000 progress lines only.
        assertThat(EndToEndResult.parse("0\t162.648724\n1000\t2.465188\n")).isEmpty();
    }

    @Test
    void aFailedRunIsNoResult() {
        assertThat(EndToEndResult.parse("Exception in thread \"main\" java.lang.RuntimeException: "
                        + "poll() timed out before finding a result (timeout:[60000ms])\n"))
                .isEmpty();
    }
}
