package dev.latencylab.producer.topic;

import dev.latencylab.producer.LabProducerProperties;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.TopicBuilder;

/** Spring Boot's KafkaAdmin creates this topic on start when it does not exist yet. */
@Configuration(proxyBeanMethods = false)
class LabTopicConfiguration {

    @Bean
    NewTopic labTopic(LabProducerProperties properties) {
        return TopicBuilder.name(properties.topic())
                .partitions(properties.partitions())
                .replicas(properties.replicationFactor())
                .config(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG, Integer.toString(properties.minInsyncReplicas()))
                .build();
    }
}
