package dev.latencylab.producer.load;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.ProducerFactory;

/**
 * Makes the producer-app's transactional Kafka producers with the factory's configs and listeners
 * (its client metrics), under one {@code transactional.id} for the instance's life: each new one
 * fences the one before and aborts the transaction it left open, so a producer replaced after a
 * failed commit holds back no read_committed consumer. spring-kafka's transactional producers take
 * a new id suffix on each replacement, and leave that to the transaction timeout (60 s).
 */
final class TransactionalProducers {

    private static final Logger log = LoggerFactory.getLogger(TransactionalProducers.class);

    private final ProducerFactory<byte[], byte[]> factory;
    private final String transactionalId;
    private int made;

    TransactionalProducers(ProducerFactory<byte[], byte[]> factory, UUID producerId) {
        this.factory = factory;
        this.transactionalId = "lab-producer-" + producerId;
    }

    /** A new producer, its transactions initialised (which fences every earlier one of this id). */
    Producer<byte[], byte[]> create() {
        Map<String, Object> configs = new HashMap<>(factory.getConfigurationProperties());
        configs.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
        String name = configs.getOrDefault(ProducerConfig.CLIENT_ID_CONFIG, "producer-app") + "-tx-" + ++made;
        configs.put(ProducerConfig.CLIENT_ID_CONFIG, name);
        KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(configs, new ByteArraySerializer(), new ByteArraySerializer());
        try {
            producer.initTransactions();
        } catch (RuntimeException e) {
            producer.close(Duration.ZERO);
            throw e;
        }
        factory.getListeners().forEach(l -> l.producerAdded(name, producer));
        return producer;
    }

    /** Closes a producer this made: the records it holds get their answers first, for at most 5 s. */
    void close(Producer<byte[], byte[]> producer) {
        String name = producer.metrics().keySet().stream()
                .map(m -> m.tags().get("client-id"))
                .filter(id -> id != null)
                .findFirst()
                .orElse("?");
        factory.getListeners().forEach(l -> l.producerRemoved(name, producer));
        try {
            producer.close(Duration.ofSeconds(5));
        } catch (RuntimeException e) {
            log.warn("Closing transactional producer {} failed: {}", name, e.toString());
        }
    }
}
