package dev.latencylab.it;

import static org.awaitility.Awaitility.await;

import dev.latencylab.consumer.ConsumerApplication;
import dev.latencylab.consumer.modes.ConsumerModes;
import dev.latencylab.producer.ProducerApplication;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.kafka.listener.MessageListenerContainer;

/** The real producer-app and consumer-app, each a full Spring Boot application on a random port. */
final class LabApps implements AutoCloseable {

    final ConfigurableApplicationContext consumer;
    final ConfigurableApplicationContext producer;
    final LabHttp producerHttp;
    final LabHttp consumerHttp;

    private LabApps(ConfigurableApplicationContext consumer, ConfigurableApplicationContext producer) {
        this.consumer = consumer;
        this.producer = producer;
        this.producerHttp = new LabHttp(port(producer));
        this.consumerHttp = new LabHttp(port(consumer));
    }

    /**
     * Starts the consumer first and waits for its partitions, so the measured stream starts at
     * the producer's first record; the producer starts stopped.
     */
    static LabApps start(String bootstrapServers, String topic, int partitions) {
        ConfigurableApplicationContext consumer = startConsumer(bootstrapServers, topic, partitions);
        ConfigurableApplicationContext producer = startProducer(bootstrapServers, topic, partitions);
        return new LabApps(consumer, producer);
    }

    /** A consumer-app in the group {@code lab-it-<topic>}, returned once it has all the topic's partitions. */
    static ConfigurableApplicationContext startConsumer(String bootstrapServers, String topic, int partitions) {
        return startConsumer(bootstrapServers, topic, partitions, "--lab.consumer.ledger-dir=target/ledgers");
    }

    /**
     * A consumer-app in the group {@code lab-it-<topic>} with these extra arguments, returned once it
     * has {@code partitions} partitions (0: at once).
     */
    static ConfigurableApplicationContext startConsumer(
            String bootstrapServers, String topic, int partitions, String... extra) {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=0",
                "--spring.kafka.bootstrap-servers=" + bootstrapServers,
                "--lab.consumer.topics=" + Pattern.quote(topic),
                "--spring.kafka.consumer.group-id=lab-it-" + topic));
        args.addAll(List.of(extra));
        ConfigurableApplicationContext consumer = ConsumerApplication.builder().run(args.toArray(String[]::new));
        if (partitions > 0) {
            await("consumer assignment").atMost(Duration.ofSeconds(60)).until(() -> assigned(consumer) == partitions);
        }
        return consumer;
    }

    /** How many partitions the consumer-app's listener in effect (batch or record) holds now. */
    static int assigned(ConfigurableApplicationContext consumer) {
        MessageListenerContainer container =
                consumer.getBean(ConsumerModes.class).active();
        return container.getAssignedPartitions() == null
                ? 0
                : container.getAssignedPartitions().size();
    }

    /** A producer-app on the topic, stopped until POST {"running": true}. */
    static ConfigurableApplicationContext startProducer(String bootstrapServers, String topic, int partitions) {
        return ProducerApplication.builder()
                .run(
                        "--server.port=0",
                        "--spring.kafka.bootstrap-servers=" + bootstrapServers,
                        "--lab.producer.topic=" + topic,
                        "--lab.producer.partitions=" + partitions,
                        "--lab.producer.autostart=false");
    }

    static int port(ConfigurableApplicationContext context) {
        return Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
    }

    @Override
    public void close() {
        producer.close();
        consumer.close();
    }
}
