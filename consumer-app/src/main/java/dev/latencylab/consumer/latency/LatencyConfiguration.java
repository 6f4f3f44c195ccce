package dev.latencylab.consumer.latency;

import dev.latencylab.consumer.LabConsumerProperties;
import dev.latencylab.core.latency.LatencyRecorder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ContainerCustomizer;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;

@Configuration(proxyBeanMethods = false)
class LatencyConfiguration {

    @Bean
    LatencyRecorder latencyRecorder(LabConsumerProperties properties) {
        return new LatencyRecorder(properties.lossGrace());
    }

    /**
     * Offset commits do not stall the listener thread, which timestamps every record it hands
     * over: the accounting needs no commit for correctness (a restart that re-reads is handled by
     * the horizon), commits only bound how much is re-read. Boot applies a single customizer bean
     * to its container factory.
     */
    @Bean
    ContainerCustomizer<Object, Object, ConcurrentMessageListenerContainer<Object, Object>> asyncOffsetCommits() {
        return container -> container.getContainerProperties().setSyncCommits(false);
    }
}
