package dev.latencylab.producer.load;

import java.util.Map;
import org.apache.kafka.clients.producer.Producer;
import org.springframework.kafka.core.ProducerFactory;

/** Hands out one given producer, of no configs: a {@link RecordSender} against a stand-in for Kafka. */
record OneProducerFactory(Producer<byte[], byte[]> producer) implements ProducerFactory<byte[], byte[]> {

    @Override
    public Producer<byte[], byte[]> createProducer() {
        return producer;
    }

    @Override
    public Map<String, Object> getConfigurationProperties() {
        return Map.of();
    }
}
