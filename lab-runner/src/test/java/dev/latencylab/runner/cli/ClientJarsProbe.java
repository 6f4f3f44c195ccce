package dev.latencylab.runner.cli;

import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * A producer configured with the interceptor class named by its argument, as a client config file would name
 * it: made (which loads and configures the class) and closed, no broker needed. Exits 1 with Kafka's error
 * when the class cannot be loaded. Run by {@link ClientJarsTest} in a JVM of its own.
 */
public final class ClientJarsProbe {

    private ClientJarsProbe() {}

    public static void main(String[] args) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:1");
        p.put(ProducerConfig.INTERCEPTOR_CLASSES_CONFIG, args[0]);
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
            System.out.println("producer made");
        } catch (KafkaException e) {
            // As the apps' and the runner's logs show it: the error and its causes.
            for (Throwable t = e; t != null; t = t.getCause()) {
                System.out.println("refused: " + t);
            }
            System.exit(1);
        }
    }
}
