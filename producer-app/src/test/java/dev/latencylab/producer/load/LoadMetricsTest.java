package dev.latencylab.producer.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LoadMetricsTest {

    @Test
    void theRecordCountersFollowTheSendersCountsAfterGarbageCollections() throws InterruptedException {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        AtomicLong sent = new AtomicLong();
        AtomicLong acked = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        // Fresh supplier objects, held by nothing but the metrics: as the RecordSender passes them.
        LoadMetrics metrics = new LoadMetrics(
                registry, () -> null, () -> 0L, () -> sent.get(), () -> acked.get(), () -> failed.get());
        sent.set(5);
        acked.set(4);
        assertThat(registry.get("lab.producer.records.acked").functionCounter().count())
                .isEqualTo(4);

        for (int i = 0; i < 5; i++) {
            System.gc(); // Micrometer holds a function counter's state weakly
            Thread.sleep(20);
        }
        sent.set(1_000);
        acked.set(990);
        failed.set(3);

        assertThat(registry.get("lab.producer.records.sent").functionCounter().count())
                .isEqualTo(1_000);
        assertThat(registry.get("lab.producer.records.acked").functionCounter().count())
                .isEqualTo(990);
        assertThat(registry.get("lab.producer.records.failed").functionCounter().count())
                .isEqualTo(3);
        assertThat(metrics.ackLatency).isNotNull();
    }
}
