package dev.latencylab.consumer.latency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.latency.ConsumerDescription;
import dev.latencylab.api.latency.KeyOrder;
import dev.latencylab.api.settings.ConsumerChange;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.consumer.modes.BatchProcessing;
import dev.latencylab.consumer.modes.ConsumerModes;
import dev.latencylab.consumer.modes.SettingsFile;
import dev.latencylab.consumer.modes.ShareGroupReader;
import dev.latencylab.consumer.selftest.HeldPoll;
import dev.latencylab.consumer.selftest.SkippedRecords;
import dev.latencylab.core.accounting.OffsetLedgers;
import dev.latencylab.core.accounting.SequenceOutcome;
import dev.latencylab.core.header.LabHeader;
import dev.latencylab.core.header.RecordStamp;
import dev.latencylab.core.latency.LatencyRecorder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;

/**
 * The listener's key-order check: inline in offset order, after the batch in the order processing
 * finished, or none where order cannot break (counted as such).
 */
class LatencyListenerTest {

    private static final UUID PRODUCER = UUID.fromString("00000000-0000-0000-0000-000000000007");
    private static final int PHASE = 5;
    private static final long T0 = 1_763_769_600_000_000L;

    private final LatencyRecorder recorder = new LatencyRecorder(Duration.ofSeconds(5), OffsetLedgers.inMemory());
    private final BatchProcessing processing = new BatchProcessing();
    private final LatencyListener listener = listener(ConsumerSettings.DEFAULTS);

    @AfterEach
    void close() {
        processing.close();
    }

    @Test
    void aBatchProcessedPerKeyChecksItsKeysInOffsetOrder() throws Exception {
        LatencyListener perKey =
                listener(ConsumerSettings.DEFAULTS.apply(ConsumerChange.fromJson(Map.of("processing", "per-key"))));
        // The producer's sequence 9 of key A came before its 8 in the log: processed in that order, A is out of order.
        perKey.onBatch(List.of(record(0, "A", 9), record(1, "B", 10), record(2, "A", 8), record(3, "B", 11)));

        assertThat(keyOrder()).isEqualTo(new KeyOrder(2, 2, 1, 0));
    }

    @Test
    void aBatchProcessedInOrderCountsItsKeysAsNotCheckedAndItsPartitionsOrderStillCounts() throws Exception {
        // One partition read in order by one thread: a key's order is its partition's, which the sequences check.
        listener.onBatch(List.of(record(0, "A", 9), record(1, "B", 10), record(2, "A", 8), record(3, "B", 11)));

        assertThat(keyOrder()).isEqualTo(new KeyOrder(0, 0, 0, 0, 4));
        assertThat(recorder.report().phase(PHASE).orElseThrow().outOfOrder())
                .as("A's 8 after its 9, counted by the partition's sequences")
                .isEqualTo(1);
    }

    @Test
    void keysAreCheckedInTheOrderProcessingFinishedNotInTheOffsets() {
        List<ConsumerRecord<byte[], byte[]>> batch =
                List.of(record(0, "A", 1), record(1, "A", 2), record(2, "B", 3), record(3, "B", 4));
        SequenceOutcome[] outcomes = new SequenceOutcome[batch.size()];
        for (int i = 0; i < batch.size(); i++) {
            ConsumerRecord<byte[], byte[]> r = batch.get(i);
            outcomes[i] = recorder.recordOutcome(
                    false,
                    null,
                    r.headers().lastHeader(LabHeader.KEY).value(),
                    r.value(),
                    r.topic(),
                    r.partition(),
                    r.offset(),
                    LatencyRecorder.NOT_POLLED,
                    T0);
        }
        // A's second record finished before its first; B's two in the same microsecond keep their order.
        listener.checkKeysInFinishOrder(batch, new long[] {T0 + 30, T0 + 10, T0 + 20, T0 + 20}, outcomes);

        assertThat(keyOrder()).isEqualTo(new KeyOrder(2, 2, 1, 0));
    }

    @Test
    void theLabHeaderIsFoundAloneAmongOtherHeadersAndNotInAnotherHeadersBytes() {
        byte[] lab = LabHeader.encode(new RecordStamp(T0, T0, 3, PRODUCER, PHASE));
        byte[] later = LabHeader.encode(new RecordStamp(T0, T0, 4, PRODUCER, PHASE));
        byte[] trace = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01".getBytes(StandardCharsets.US_ASCII);

        assertThat(LatencyListener.labHeader(headers(LabHeader.KEY, lab))).isEqualTo(lab);
        assertThat(LatencyListener.labHeader(headers("traceparent", trace, LabHeader.KEY, lab)))
                .isEqualTo(lab);
        assertThat(LatencyListener.labHeader(headers(LabHeader.KEY, lab, "traceparent", trace)))
                .isEqualTo(lab);
        assertThat(LatencyListener.labHeader(headers(LabHeader.KEY, lab, LabHeader.KEY, later)))
                .as("the last of two, as lastHeader has it")
                .isEqualTo(later);
        assertThat(LatencyListener.labHeader(headers("traceparent", trace))).isNull();
        assertThat(LatencyListener.labHeader(headers())).isNull();
        byte[] broken = Arrays.copyOf(lab, LabHeader.LENGTH - 1);
        assertThat(LatencyListener.labHeader(headers(LabHeader.KEY, broken)))
                .as("the lab's key with bytes no version wrote: given as they are, for the recorder to count")
                .isEqualTo(broken);
    }

    /** Headers as a fetch builds them: keys and values undecoded bytes. */
    private static RecordHeaders headers(Object... keysAndValues) {
        RecordHeaders headers = new RecordHeaders();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            headers.add(new RecordHeader(
                    ByteBuffer.wrap(((String) keysAndValues[i]).getBytes(StandardCharsets.UTF_8)),
                    ByteBuffer.wrap((byte[]) keysAndValues[i + 1])));
        }
        return headers;
    }

    private LatencyListener listener(ConsumerSettings settings) {
        return new LatencyListener(
                recorder,
                new ConsumerModes(
                        new KafkaListenerEndpointRegistry(),
                        new ConsumerDescription("lab\\.orders", "g", Map.of()),
                        settings,
                        SettingsFile.none(),
                        new ShareGroupReader(Map::of, "g", Pattern.compile("lab\\.orders"), recorder, r -> {}),
                        new SimpleMeterRegistry()),
                processing,
                new SkippedRecords(),
                new HeldPoll(),
                "lab\\.orders");
    }

    private KeyOrder keyOrder() {
        return recorder.report().phase(PHASE).orElseThrow().keyOrder();
    }

    private static ConsumerRecord<byte[], byte[]> record(long offset, String key, long sequence) {
        RecordHeaders headers = new RecordHeaders();
        headers.add(LabHeader.KEY, LabHeader.encode(new RecordStamp(T0, T0, sequence, PRODUCER, PHASE)));
        byte[] k = key.getBytes(StandardCharsets.US_ASCII);
        byte[] v = "{}".getBytes(StandardCharsets.US_ASCII);
        return new ConsumerRecord<>(
                "lab.orders",
                0,
                offset,
                T0 / 1000,
                TimestampType.CREATE_TIME,
                k.length,
                v.length,
                k,
                v,
                headers,
                java.util.Optional.empty());
    }
}
