package dev.latencylab.consumer.latency;

import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.api.settings.ProcessingOrder;
import dev.latencylab.consumer.modes.BatchProcessing;
import dev.latencylab.consumer.modes.ConsumerModes;
import dev.latencylab.consumer.modes.PollClock;
import dev.latencylab.consumer.selftest.HeldPoll;
import dev.latencylab.consumer.selftest.SkippedRecords;
import dev.latencylab.core.accounting.SequenceOutcome;
import dev.latencylab.core.clock.EpochMicros;
import dev.latencylab.core.header.LabHeader;
import dev.latencylab.core.latency.LatencyRecorder;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.kafka.annotation.KafkaListenerConfigurer;
import org.springframework.kafka.config.KafkaListenerEndpointRegistrar;
import org.springframework.stereotype.Component;

/**
 * Measures every record of the lab's topics (a pattern, so a phase's own topic is read too),
 * through whichever of the two listeners the consumer settings run ({@link ConsumerModes}). A
 * record counts as consumed when its processing finishes, so the e2e latency of every mode means
 * the same thing: sent to processed. The poll's return time gives each record's batch wait.
 */
@Component
class LatencyListener implements KafkaListenerConfigurer {

    /**
     * A poll's records are fewer than 2^20: max.poll.records is at most 100,000 (ConsumerLimits), and
     * consumerConfig cannot set it (the lab owns it, ExtraProperties).
     */
    private static final int INDEX_BITS = 20;

    private static final long INDEX_MASK = (1L << INDEX_BITS) - 1;

    private final LatencyRecorder recorder;
    private final ConsumerModes modes;
    private final BatchProcessing processing;
    private final SkippedRecords selfTestSkips;
    private final HeldPoll selfTestHold;
    private final String topics;

    LatencyListener(
            LatencyRecorder recorder,
            ConsumerModes modes,
            BatchProcessing processing,
            SkippedRecords selfTestSkips,
            HeldPoll selfTestHold,
            @Value("${lab.consumer.topics}") String topics) {
        this.topics = topics;
        this.recorder = recorder;
        this.modes = modes;
        this.processing = processing;
        this.selfTestSkips = selfTestSkips;
        this.selfTestHold = selfTestHold;
    }

    /** Both listeners, plain listeners of {@link #onBatch} and {@link #onRecord}: see {@link ListenerEndpoint}. */
    @Override
    public void configureKafkaListeners(KafkaListenerEndpointRegistrar registrar) {
        registrar.registerEndpoint(ListenerEndpoint.batch(topics, this));
        registrar.registerEndpoint(ListenerEndpoint.record(topics, this));
    }

    /**
     * The poll's records in one call: processed as the settings say, then recorded in offset order
     * (the ledger's). Unordered workers may finish a key's records in another order (per-key ones
     * keep each key's order): then the keys are checked in the order their processing finished.
     * Processed in order on this thread, a key's records (one partition's) keep the partition's order,
     * which the sequence accounting checks: their keys are counted as such, not checked again.
     */
    void onBatch(List<ConsumerRecord<byte[], byte[]>> records) throws InterruptedException {
        long polled = PollClock.polledMicros();
        if (!records.isEmpty()) {
            selfTestHold(records.get(0));
        }
        ConsumerSettings s = modes.settings();
        long[] finished = processing.process(records, s);
        boolean keysInOffsetOrder = s.processing() != ProcessingOrder.UNORDERED;
        boolean keyOrderCanBreak = s.processing() != ProcessingOrder.IN_ORDER;
        SequenceOutcome[] outcomes = new SequenceOutcome[records.size()];
        for (int i = 0; i < records.size(); i++) {
            outcomes[i] = measure(records.get(i), polled, finished[i], false, keysInOffsetOrder, keyOrderCanBreak);
        }
        if (!keysInOffsetOrder) {
            checkKeysInFinishOrder(records, finished, outcomes);
        }
    }

    void checkKeysInFinishOrder(
            List<ConsumerRecord<byte[], byte[]>> records, long[] finished, SequenceOutcome[] outcomes) {
        int n = records.size();
        long first = Long.MAX_VALUE;
        for (long f : finished) {
            first = Math.min(first, f);
        }
        // Finish time above, index below: one primitive sort, and records finished within the same
        // microsecond keep their offset order (a swap within it is not counted).
        long[] byFinish = new long[n];
        for (int i = 0; i < n; i++) {
            byFinish[i] = (finished[i] - first) << INDEX_BITS | i;
        }
        Arrays.sort(byFinish);
        for (long entry : byFinish) {
            int i = (int) (entry & INDEX_MASK);
            if (outcomes[i] != null && outcomes[i].isFirstArrival()) {
                recorder.keyOrder(
                        labHeader(records.get(i).headers()), records.get(i).key());
            }
        }
    }

    /**
     * One record per call, processed on this thread; started only when the settings ask for it. Called
     * through {@link ListenerEndpoint}, without an annotation's per-record adapter. In offset
     * order on the partition's one thread: its key's order cannot break here (see {@link #onBatch}).
     */
    void onRecord(ConsumerRecord<byte[], byte[]> record) {
        long polled = PollClock.polledMicros();
        selfTestHold(record);
        ConsumerSettings s = modes.settings();
        BatchProcessing.work(s);
        measure(record, polled, EpochMicros.now(), false, true, false);
    }

    /**
     * One record a share consumer was handed, processed on its thread; acknowledged (accepted) once
     * this returns. A share consumer takes no interceptor, so no poll time: no batch-wait sample.
     */
    void onShareRecord(ConsumerRecord<byte[], byte[]> record) {
        selfTestHold(record);
        BatchProcessing.work(modes.settings());
        measure(record, LatencyRecorder.NOT_POLLED, EpochMicros.now(), true, true, true);
    }

    /**
     * The lab header's bytes, null when the record has none. A record's one header whose bytes are a
     * header this version wrote is taken without asking its key: Kafka's {@code RecordHeader} turns the
     * key's bytes into a String, under a lock, the first time anyone asks, and {@code lastHeader} asks
     * every header it passes (30-40 ns a record in ConsumerPathBenchmark; what JFR showed there in the
     * app was mostly the first touch of the record's headers, which stays). Bytes of 45 with version 3
     * and sane send times, sequence and phase under another key are taken for the lab's; any other
     * record (no header, several) is looked up by key.
     */
    static byte[] labHeader(Headers headers) {
        Iterator<Header> all = headers.iterator();
        if (all.hasNext()) {
            byte[] only = all.next().value();
            if (!all.hasNext() && LabHeader.isValid(only)) {
                return only;
            }
        }
        Header header = headers.lastHeader(LabHeader.KEY);
        return header == null ? null : header.value();
    }

    private void selfTestHold(ConsumerRecord<byte[], byte[]> first) {
        if (!selfTestHold.armed()) {
            return; // the common case: no header lookup on the record path
        }
        selfTestHold.holdIfArmed(labHeader(first.headers()));
    }

    /**
     * Records one record, with its key when {@code withKey} (checked, or only counted when its order
     * cannot break where it was processed): its sequence outcome, null when it had no readable header
     * or a self-test skipped it.
     */
    private SequenceOutcome measure(
            ConsumerRecord<byte[], byte[]> record,
            long polledMicros,
            long consumedMicros,
            boolean shared,
            boolean withKey,
            boolean keyOrderCanBreak) {
        byte[] header = labHeader(record.headers());
        if (selfTestSkips.skip(header)) {
            if (shared) {
                recorder.passShared(record.topic(), record.partition(), record.offset());
            }
            return null;
        }
        return recorder.recordOutcome(
                shared,
                withKey ? record.key() : null,
                keyOrderCanBreak,
                header,
                record.value(),
                record.topic(),
                record.partition(),
                record.offset(),
                polledMicros,
                consumedMicros);
    }
}
