package dev.latencylab.consumer.latency;

import dev.latencylab.consumer.LabConsumerProperties;
import dev.latencylab.core.latency.LatencyRecorder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class LatencyConfiguration {

    @Bean
    LatencyRecorder latencyRecorder(LabConsumerProperties properties) {
        return new LatencyRecorder(properties.lossGrace());
    }
}
