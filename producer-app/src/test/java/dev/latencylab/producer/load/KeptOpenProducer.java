package dev.latencylab.producer.load;

import java.time.Duration;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Kafka's stand-in producer, not closed by a close: handed out again after each settings change by
 * {@link OneProducerFactory}, it keeps one history across the producers a real run would have made.
 */
final class KeptOpenProducer extends MockProducer<byte[], byte[]> {

    /** @param autoComplete whether each send is answered at once */
    KeptOpenProducer(boolean autoComplete) {
        super(autoComplete, null, new ByteArraySerializer(), new ByteArraySerializer());
    }

    @Override
    public void close() {}

    @Override
    public void close(Duration timeout) {}
}
