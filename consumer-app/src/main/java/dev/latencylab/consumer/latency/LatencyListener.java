package dev.latencylab.consumer.latency;

import dev.latencylab.core.clock.EpochMicros;
import dev.latencylab.core.header.LabHeader;
import dev.latencylab.core.latency.LatencyRecorder;
import dev.latencylab.core.latency.RecordResult;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * Measures every record of the lab's topics (a pattern, so a phase's own topic is read too). The consume time is read per record, not once per
 * batch, so a slow batch shows up in the latencies of the records it delayed.
 */
@Component
class LatencyListener {

    static final String ID = "lab-latency";

    private final LatencyRecorder recorder;
    private final LatencyMetrics metrics;

    LatencyListener(LatencyRecorder recorder, LatencyMetrics metrics) {
        this.recorder = recorder;
        this.metrics = metrics;
    }

    @KafkaListener(id = ID, idIsGroup = false, topicPattern = "${lab.consumer.topics}", batch = "true")
    void onBatch(List<ConsumerRecord<byte[], byte[]>> records) {
        for (ConsumerRecord<byte[], byte[]> record : records) {
            Header header = record.headers().lastHeader(LabHeader.KEY);
            RecordResult result = recorder.record(
                    header == null ? null : header.value(),
                    record.value(),
                    record.topic(),
                    record.partition(),
                    record.offset(),
                    EpochMicros.now());
            metrics.onRecord(result);
        }
    }
}
