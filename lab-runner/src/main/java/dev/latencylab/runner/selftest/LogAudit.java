package dev.latencylab.runner.selftest;

import dev.latencylab.core.header.LabHeader;
import dev.latencylab.core.header.RecordStamp;
import dev.latencylab.runner.endpoint.EndpointException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * What the brokers themselves hold of a phase: its topic read back from the first offset to the
 * last, every record with the phase's id counted, and the distinct ones (producer + sequence). The
 * self-test's independent count: the lab's counts must agree with the log, not with themselves.
 */
final class LogAudit {

    private static final Duration READ_TIMEOUT = Duration.ofMinutes(2);

    /** @param copies records of the phase in the log; {@code distinct} of them different records */
    record Held(long copies, long distinct) {}

    private LogAudit() {}

    static Held of(String bootstrap, String topic, int phase) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted");
        long copies = 0;
        Set<Record> distinct = new HashSet<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(p)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(i -> new TopicPartition(topic, i.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
            Instant deadline = Instant.now().plus(READ_TIMEOUT);
            while (!caughtUp(consumer, ends)) {
                if (Instant.now().isAfter(deadline)) {
                    throw new EndpointException(
                            "self-test: could not read " + topic + " to its end within " + READ_TIMEOUT);
                }
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(500))) {
                    Header h = r.headers().lastHeader(LabHeader.KEY);
                    Optional<RecordStamp> stamp = h == null ? Optional.empty() : LabHeader.decode(h.value());
                    if (stamp.isPresent() && stamp.get().phase() == phase) {
                        copies++;
                        distinct.add(
                                new Record(stamp.get().producerId(), stamp.get().sequence()));
                    }
                }
            }
        }
        return new Held(copies, distinct.size());
    }

    private static boolean caughtUp(KafkaConsumer<byte[], byte[]> consumer, Map<TopicPartition, Long> ends) {
        return ends.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
    }

    private record Record(UUID producer, long sequence) {}
}
