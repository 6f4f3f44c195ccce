package dev.latencylab.producer.load;

import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.Producer;
import org.springframework.kafka.core.ProducerFactory;

/** Hands out one given producer, of no configs: a {@link RecordSender} against a stand-in for Kafka. */
record OneProducerFactory(Producer<byte[], byte[]> producer) implements ProducerFactory<byte[], byte[]> {

    /** Makes and closes this one producer, whatever the configs. */
    LabProducers producers() {
        return new LabProducers(this, UUID.randomUUID(), maker());
    }

    /** Makes this one producer, whatever the configs. */
    LabProducers.Maker maker() {
        return configs -> producer;
    }

    @Override
    public Producer<byte[], byte[]> createProducer() {
        return producer;
    }

    @Override
    public Map<String, Object> getConfigurationProperties() {
        return Map.of();
    }
}
