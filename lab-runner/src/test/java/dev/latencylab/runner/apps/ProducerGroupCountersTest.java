package dev.latencylab.runner.apps;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.producer.SenderCounters;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ProducerGroupCountersTest {

    private static ProducerStatus instance(SenderCounters c) {
        return new ProducerStatus(
                UUID.fromString("5f0c0000-0000-0000-0000-000000000001"),
                "lab.orders",
                true,
                1,
                new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID),
                0,
                null,
                c,
                List.of(),
                true,
                null);
    }

    @Test
    void theGroupsAccumulatorWaitIsTheSumOfItsInstances() {
        ProducerStatus g = ProducerGroup.merge(List.of(
                instance(new SenderCounters(10, 10, 0, 9, 0L, 0L, 2_000L)),
                instance(new SenderCounters(10, 10, 0, 9, 0L, 0L, 500L))));

        assertThat(g.counters().bufferPoolWaitNs()).isEqualTo(2_500L);
    }

    /** One instance that does not tell its wait: the group's is not known, not the others' alone. */
    @Test
    void anInstanceThatDoesNotTellLeavesTheGroupsWaitUnknown() {
        ProducerStatus g = ProducerGroup.merge(List.of(
                instance(new SenderCounters(10, 10, 0, 9, 0L, 0L, 2_000L)),
                instance(new SenderCounters(10, 10, 0, 9))));

        assertThat(g.counters().bufferPoolWaitNs()).isNull();
    }
}
