package dev.latencylab.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ConsumerPerfOutputTest {

    @Test
    void takesTheRateAfterTheGroupJoinFromARealRun() {
        ConsumerPerfOutput p = ConsumerPerfOutput.parse(Resources.text("consumer-performance.txt"))
                .orElseThrow();

        assertThat(p.records()).isEqualTo(205_428);
        assertThat(p.rebalanceMs()).isEqualTo(712);
        assertThat(p.fetchMs()).isEqualTo(1251);
        assertThat(p.fetchRecordsPerSec()).isCloseTo(164_211.0312, within(1e-4));
        // The whole run's rate counts the group join; the one compared does not.
        assertThat(p.recordsPerSec()).isCloseTo(104_650.0255, within(1e-4));
        assertThat(p.megabytes()).isCloseTo(82.0869, within(1e-4));
        assertThat(p.timedOut()).isFalse();
    }

    @Test
    void saysWhenTheToolGaveUpBeforeItsCount() {
        ConsumerPerfOutput p = ConsumerPerfOutput.parse(Resources.text("consumer-performance-timed-out.txt"))
                .orElseThrow();

        assertThat(p.timedOut()).isTrue();
        assertThat(p.records()).isEqualTo(100_000);
    }

    @Test
    void findsNothingInTheHeaderAloneOrAnError() {
        assertThat(ConsumerPerfOutput.parse(
                        "start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec,"
                                + " rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec\n"))
                .isEmpty();
        assertThat(ConsumerPerfOutput.parse("Exception in thread \"main\" org.apache.kafka.common.KafkaException\n"))
                .isEmpty();
    }
}
