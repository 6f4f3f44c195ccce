package dev.latencylab.producer.load;

import dev.latencylab.api.settings.ProducerSettings;
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
import org.springframework.stereotype.Component;

/**
 * Makes and closes the producer-app's Kafka producers, with the factory's configs (which settings
 * changes update) and listeners (its client metrics); the sender thread's alone.
 *
 * <p>Not through the factory's own producers: spring-kafka wraps each in a {@code CloseSafeProducer},
 * whose {@code send} allocates a callback wrapper and asks logback whether trace is on for every
 * record, and which closes itself after an {@code OutOfOrderSequenceException} while the lab goes on
 * sending to it. Here the lab closes each producer it replaces before it makes the next, so one
 * producer's I/O thread answers at a time (the ack histogram has one writer).
 *
 * <p>Transactional producers keep one {@code transactional.id} for the instance's life: each new one
 * fences the one before and aborts the transaction it left open, so a producer replaced after a
 * failed commit holds back no read_committed consumer. spring-kafka's take a new id suffix on each
 * replacement, and leave that to the transaction timeout (60 s).
 */
final class LabProducers {

    private static final Logger log = LoggerFactory.getLogger(LabProducers.class);
    /** A producer closed here has this long to get its records' answers before the rest are failed. */
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    /** Makes a Kafka producer of the given configs: Kafka's own, or a test's stand-in. */
    @FunctionalInterface
    interface Maker {
        Producer<byte[], byte[]> make(Map<String, Object> configs);
    }

    /** Kafka's own producers: the app's maker. */
    @Component
    static final class KafkaMaker implements Maker {
        @Override
        public Producer<byte[], byte[]> make(Map<String, Object> configs) {
            return new KafkaProducer<>(configs, new ByteArraySerializer(), new ByteArraySerializer());
        }
    }

    private final ProducerFactory<byte[], byte[]> factory;
    /** The factory's configs as the app started: what a property a phase no longer sets goes back to. */
    private final Map<String, Object> configsAtStart;

    private final Maker maker;
    private final String transactionalId;
    private int made;

    LabProducers(ProducerFactory<byte[], byte[]> factory, UUID producerId, Maker maker) {
        this.factory = factory;
        this.configsAtStart = new HashMap<>(factory.getConfigurationProperties());
        this.maker = maker;
        this.transactionalId = "lab-producer-" + producerId;
    }

    /** The next producer made runs with {@code next}'s client settings instead of {@code previous}'s. */
    void configure(ProducerSettings previous, ProducerSettings next) {
        ClientConfigs.write(factory, configsAtStart, previous, next);
    }

    /** A new producer; a transactional one has its transactions initialised (which fences every earlier one). */
    Producer<byte[], byte[]> create(boolean transactional) {
        Map<String, Object> configs = new HashMap<>(factory.getConfigurationProperties());
        String name = configs.getOrDefault(ProducerConfig.CLIENT_ID_CONFIG, "producer-app")
                + (transactional ? "-tx-" : "-")
                + ++made;
        configs.put(ProducerConfig.CLIENT_ID_CONFIG, name);
        if (transactional) {
            configs.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
        } else {
            configs.remove(ProducerConfig.TRANSACTIONAL_ID_CONFIG);
        }
        Producer<byte[], byte[]> producer = maker.make(configs);
        if (transactional) {
            try {
                producer.initTransactions();
            } catch (RuntimeException e) {
                producer.close(Duration.ZERO);
                throw e;
            }
        }
        factory.getListeners().forEach(l -> l.producerAdded(name, producer));
        return producer;
    }

    /**
     * Closes a producer this made: the records it holds get their answers first, for at most 5 s, then
     * the rest fail; it returns once the producer's I/O thread has ended, so it answers nothing after.
     */
    void close(Producer<byte[], byte[]> producer) {
        String name = producer.metrics().keySet().stream()
                .map(m -> m.tags().get("client-id"))
                .filter(id -> id != null)
                .findFirst()
                .orElse("?");
        try {
            factory.getListeners().forEach(l -> l.producerRemoved(name, producer));
        } finally {
            try {
                producer.close(CLOSE_TIMEOUT);
            } catch (RuntimeException e) {
                // Only an interrupted close returns before the I/O thread ends; nothing interrupts the sender thread.
                log.warn("Closing producer {} failed: {}", name, e.toString());
            }
        }
    }
}
