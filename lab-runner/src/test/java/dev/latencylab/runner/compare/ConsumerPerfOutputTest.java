package dev.latencylab.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ConsumerPerfOutputTest {

    /** A real run of 400,000 records at 100 ms intervals: its rate climbs from 130,000 to 470,000 records/s. */
    @Test
    void takesTheRateFromTheFirstLinePastTheWarmUpToTheLast() {
        ConsumerPerfOutput p = ConsumerPerfOutput.parse(Resources.text("consumer-performance.txt"), 200_000)
                .orElseThrow();

        // 217,542 at 14:800 to 349,722 at 15:100.
        assertThat(p.warmFrom()).isEqualTo(217_542);
        assertThat(p.warmRecords()).isEqualTo(349_722 - 217_542);
        assertThat(p.warmSeconds()).isCloseTo(0.300, within(1e-9));
        assertThat(p.recordsPerSec()).isCloseTo(132_180 / 0.3, within(1e-6));
        assertThat(p.lastCount()).isEqualTo(349_722);
        assertThat(p.rebalanceMs()).isEqualTo(511);
        assertThat(p.timedOut()).isFalse();
    }

    @Test
    void theWholeReadWouldBeSlowerThanItsWarmPart() {
        ConsumerPerfOutput whole = ConsumerPerfOutput.parse(Resources.text("consumer-performance.txt"), 1)
                .orElseThrow();
        ConsumerPerfOutput warm = ConsumerPerfOutput.parse(Resources.text("consumer-performance.txt"), 200_000)
                .orElseThrow();

        assertThat(whole.recordsPerSec()).isLessThan(warm.recordsPerSec() * 0.8);
    }

    @Test
    void saysWhenTheToolGaveUpBeforeItsCount() {
        ConsumerPerfOutput p = ConsumerPerfOutput.parse(Resources.text("consumer-performance-timed-out.txt"), 10_000)
                .orElseThrow();

        assertThat(p.timedOut()).isTrue();
        assertThat(p.lastCount()).isEqualTo(78_830);
    }

    @Test
    void nothingWithoutALinePastTheWarmUpOrWithoutLines() {
        assertThat(ConsumerPerfOutput.parse(Resources.text("consumer-performance.txt"), 349_722))
                .isEmpty();
        assertThat(ConsumerPerfOutput.parse(
                        "time, threadId, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec,"
                                + " rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec\n",
                        1))
                .isEmpty();
        assertThat(ConsumerPerfOutput.parse("Exception in thread \"main\" org.apache.kafka.common.KafkaException\n", 1))
                .isEmpty();
    }
}
