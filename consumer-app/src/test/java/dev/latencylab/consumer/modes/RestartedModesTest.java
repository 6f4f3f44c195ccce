package dev.latencylab.consumer.modes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.latencylab.api.latency.ConsumerDescription;
import dev.latencylab.api.settings.ConsumerChange;
import dev.latencylab.api.settings.ConsumerSettings;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * An instance started with the settings it kept: its containers were configured with them before
 * the first join, so a later phase that leaves a kept Kafka property out must take it out of them.
 * The containers are mocks with real properties: a real one would need a broker to start.
 */
class RestartedModesTest {

    @Test
    void aKafkaPropertyKeptFromBeforeTheRestartLeavesWithTheNextChange() {
        ContainerProperties properties = new ContainerProperties("lab.orders");
        ConsumerModes.configure(properties, SettingsFileTest.PHASE); // what the app's container customizer does
        MessageListenerContainer batch = mock(MessageListenerContainer.class);
        when(batch.getContainerProperties()).thenReturn(properties);
        KafkaListenerEndpointRegistry registry = mock(KafkaListenerEndpointRegistry.class);
        when(registry.getListenerContainer(ConsumerModes.BATCH_LISTENER)).thenReturn(batch);
        ConsumerModes modes = new ConsumerModes(
                registry,
                new ConsumerDescription("lab\\.orders", "g", Map.of()),
                SettingsFileTest.PHASE,
                SettingsFile.none(),
                UnusedShareGroup.reader(),
                new SimpleMeterRegistry());
        assertThat(properties.getKafkaConsumerProperties()).containsEntry("group.protocol", "consumer");

        modes.apply(ConsumerChange.none().with(null, null, Map.of()));

        verify(batch).stop();
        verify(batch).start();
        assertThat(properties.getKafkaConsumerProperties())
                .doesNotContainKey("group.protocol")
                .containsEntry("max.poll.records", "50");
    }

    /**
     * Commit auto hands commits to the Kafka consumer (the container then acknowledges nothing); a
     * later mode takes them back, and auto's interval goes with it.
     */
    @Test
    void commitAutoIsTheKafkaConsumersOwnUntilAnotherModeTakesCommitsBack() {
        ContainerProperties properties = new ContainerProperties("lab.orders");
        ConsumerModes.configure(properties, ConsumerSettings.DEFAULTS);
        assertThat(properties.getKafkaConsumerProperties()).containsEntry("enable.auto.commit", "false");
        ConsumerSettings auto = ConsumerSettings.DEFAULTS.apply(
                ConsumerChange.fromJson(Map.of("commit", "auto", "commitIntervalMs", 700)));

        ConsumerModes.configure(properties, auto);

        assertThat(properties.getKafkaConsumerProperties())
                .containsEntry("enable.auto.commit", "true")
                .containsEntry("auto.commit.interval.ms", "700");

        ConsumerModes.configure(properties, ConsumerSettings.DEFAULTS);

        assertThat(properties.getKafkaConsumerProperties())
                .containsEntry("enable.auto.commit", "false")
                .doesNotContainKey("auto.commit.interval.ms");
        assertThat(properties.getAckMode()).isEqualTo(ContainerProperties.AckMode.TIME);
    }

    /** The listener's own timer is per-record work on the polling thread that the tool does not do. */
    @Test
    void theContainersDoNotTimeTheListenerTwice() {
        ContainerProperties properties = new ContainerProperties("lab.orders");

        ConsumerModes.configure(properties, SettingsFileTest.PHASE);

        assertThat(properties.isMicrometerEnabled()).isFalse();
        assertThat(properties.isObservationEnabled()).isFalse();
    }
}
