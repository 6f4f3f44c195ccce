package dev.latencylab.consumer.modes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.ConsumerChange;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.core.clock.EpochMicros;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

class BatchProcessingTest {

    private static ConsumerRecord<byte[], byte[]> record(int partition, long offset, String key) {
        return new ConsumerRecord<>(
                "lab.orders",
                partition,
                offset,
                key == null ? null : key.getBytes(StandardCharsets.UTF_8),
                new byte[0]);
    }

    private static ConsumerSettings settings(Map<String, ?> fields) {
        ConsumerChange change = ConsumerChange.fromJson(new java.util.LinkedHashMap<>(fields));
        return ConsumerSettings.DEFAULTS.apply(change);
    }

    @Test
    void aKeysLaterRecordFinishingFirstIsAViolationOtherKeysAndNoKeyAreNot() {
        List<ConsumerRecord<byte[], byte[]>> records = List.of(
                record(0, 10, "a"), record(0, 11, "b"), record(0, 12, "a"), record(1, 5, "a"), record(0, 13, null));
        // a@10 finished at 300, a@12 at 200: a's order broken once; b alone; a of partition 1 is
        // another key's stream; the record without a key promises nothing.
        long[] finished = {300, 100, 200, 50, 10};

        assertThat(BatchProcessing.orderViolations(records, finished)).isEqualTo(1);
        assertThat(BatchProcessing.orderViolations(records, new long[] {1, 2, 3, 4, 5}))
                .isZero();
    }

    @Test
    void perKeyWorkersProcessEveryRecordAndKeepEachKeysOrder() throws InterruptedException {
        List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            records.add(record(i % 3, i, "customer-" + (i % 7)));
        }
        try (BatchProcessing processing = new BatchProcessing()) {
            long[] finished = processing.process(
                    records, settings(Map.of("processing", "per-key", "workers", 4, "workMicros", 200, "work", "cpu")));

            assertThat(java.util.Arrays.stream(finished).min().orElseThrow()).isPositive();
            assertThat(processing.keyOrderViolations()).isZero();
        }
    }

    @Test
    void workersAreMadeAgainWhenTheirNumberChangesAndInOrderNeedsNone() throws InterruptedException {
        List<ConsumerRecord<byte[], byte[]>> records = List.of(record(0, 1, "k"), record(0, 2, "k"));
        try (BatchProcessing processing = new BatchProcessing()) {
            processing.process(records, settings(Map.of("processing", "unordered", "workers", 2)));
            processing.process(records, settings(Map.of("processing", "unordered", "workers", 5)));
            long[] inOrder = processing.process(records, ConsumerSettings.DEFAULTS);

            assertThat(inOrder[1]).isGreaterThanOrEqualTo(inOrder[0]);
        }
    }

    @Test
    void inOrderWithoutWorkEveryRecordIsDoneWhenThePollIsWithOneClockRead() throws InterruptedException {
        // Many records, so that a clock read each (~30 ns) would spread their times over milliseconds.
        List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
        for (int i = 0; i < 200_000; i++) {
            records.add(record(0, i, null));
        }
        try (BatchProcessing processing = new BatchProcessing()) {
            long before = EpochMicros.now();
            long[] finished = processing.process(records, ConsumerSettings.DEFAULTS);
            long after = EpochMicros.now();

            assertThat(java.util.Arrays.stream(finished).distinct().count())
                    .as("distinct finish times")
                    .isOne();
            assertThat(finished[0]).isBetween(before, after);
        }
    }

    @Test
    void inOrderWithWorkEachRecordFinishesItsWorkAfterTheOneBefore() throws InterruptedException {
        List<ConsumerRecord<byte[], byte[]>> records = List.of(record(0, 1, "k"), record(0, 2, "k"), record(0, 3, "k"));
        try (BatchProcessing processing = new BatchProcessing()) {
            long[] finished = processing.process(records, settings(Map.of("workMicros", 300, "work", "cpu")));

            assertThat(finished[1] - finished[0]).isGreaterThanOrEqualTo(300);
            assertThat(finished[2] - finished[1]).isGreaterThanOrEqualTo(300);
        }
    }
}
