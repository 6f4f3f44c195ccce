package dev.latencylab.consumer.latency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.ConsumerChange;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.consumer.LabConsumerProperties;
import dev.latencylab.consumer.modes.ConsumerModes;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.kafka.config.ContainerCustomizer;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.ContainerProperties;

/**
 * An instance started again after a kill: {@link LatencyConfiguration}'s containers and {@link
 * ConsumerModes} start from the settings file, so the first join of the group already uses the
 * settings its peers run with. No broker: the containers are configured, never started.
 */
class StoredSettingsStartTest {

    @TempDir
    Path dir;

    private ApplicationContextRunner app(String... properties) {
        return new ApplicationContextRunner()
                .withUserConfiguration(LatencyConfiguration.class, Properties.class)
                .withBean(KafkaListenerEndpointRegistry.class)
                .withBean(SimpleMeterRegistry.class)
                .withPropertyValues(
                        "spring.kafka.consumer.group-id=g", "lab.consumer.ledger-dir=" + dir.resolve("ledgers"))
                .withPropertyValues(properties);
    }

    @EnableConfigurationProperties(LabConsumerProperties.class)
    static class Properties {}

    @Test
    void theContainersAndTheModesStartWithTheStoredSettings() throws IOException {
        Path file = Files.writeString(
                dir.resolve("consumer-app-2.settings.json"),
                "{\"maxPollRecords\": 50, \"consumerConfig\": {\"group.protocol\": \"consumer\"}}");
        ConsumerSettings stored = ConsumerSettings.DEFAULTS.apply(ConsumerChange.fromJson(
                Map.of("maxPollRecords", 50, "consumerConfig", Map.of("group.protocol", "consumer"))));

        app("lab.consumer.settings-file=" + file).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(ConsumerModes.class).settings()).isEqualTo(stored);
            assertThat(firstJoinProperties(context.getBean(ContainerCustomizer.class)))
                    .containsEntry("group.protocol", "consumer")
                    .containsEntry("max.poll.records", "50");
        });
    }

    @Test
    void anInstanceThatRanTheRecordListenerJoinsWithItNotTheBatchOne() throws IOException {
        Path file = Files.writeString(
                dir.resolve("consumer-app.settings.json"), "{\"listener\": \"record\", \"commit\": \"record\"}");

        app("lab.consumer.settings-file=" + file).run(context -> {
            ContainerCustomizer<?, ?, ?> customizer = context.getBean(ContainerCustomizer.class);
            assertThat(configured(customizer, ConsumerModes.RECORD_LISTENER).isAutoStartup())
                    .isTrue();
            assertThat(configured(customizer, ConsumerModes.BATCH_LISTENER).isAutoStartup())
                    .isFalse();
        });
        app().run(context -> {
            ContainerCustomizer<?, ?, ?> customizer = context.getBean(ContainerCustomizer.class);
            assertThat(configured(customizer, ConsumerModes.RECORD_LISTENER).isAutoStartup())
                    .isFalse();
            assertThat(configured(customizer, ConsumerModes.BATCH_LISTENER).isAutoStartup())
                    .isTrue();
        });
    }

    @Test
    void withoutASettingsFileEveryStartUsesTheDefaults() {
        app().run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(ConsumerModes.class).settings()).isEqualTo(ConsumerSettings.DEFAULTS);
            assertThat(firstJoinProperties(context.getBean(ContainerCustomizer.class)))
                    .doesNotContainKey("group.protocol")
                    .containsEntry("max.poll.records", "500");
        });
        app("lab.consumer.settings-file=" + dir.resolve("not-written-yet.settings.json"))
                .run(context -> assertThat(context.getBean(ConsumerModes.class).settings())
                        .isEqualTo(ConsumerSettings.DEFAULTS));
    }

    @Test
    void aCorruptSettingsFileStopsTheStartNamingIt() throws IOException {
        Path file = Files.writeString(dir.resolve("consumer-app.settings.json"), "{\"maxPollRecords\": ");

        app("lab.consumer.settings-file=" + file).run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure())
                    .hasStackTraceContaining("the consumer settings file " + file + " cannot be used")
                    .hasStackTraceContaining("delete it");
        });
    }

    /** The Kafka properties a container configured by the app's customizer joins its group with. */
    private static Map<Object, Object> firstJoinProperties(ContainerCustomizer<?, ?, ?> customizer) {
        return configured(customizer, ConsumerModes.BATCH_LISTENER)
                .getContainerProperties()
                .getKafkaConsumerProperties();
    }

    /** A listener container as the app's factory makes it: its id and annotated start, then the customizer. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static ConcurrentMessageListenerContainer<Object, Object> configured(
            ContainerCustomizer customizer, String id) {
        ConcurrentMessageListenerContainer<Object, Object> container = new ConcurrentMessageListenerContainer<>(
                new DefaultKafkaConsumerFactory<>(Map.of()), new ContainerProperties("lab.orders"));
        container.setBeanName(id);
        container.setAutoStartup(!id.equals(ConsumerModes.RECORD_LISTENER));
        customizer.configure(container);
        return container;
    }
}
