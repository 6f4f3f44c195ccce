package dev.latencylab.producer.topic;

import dev.latencylab.producer.LabProducerProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * The lab topic at start: created when the cluster has none, left as it is when it has one. Not a NewTopic bean:
 * spring-kafka's KafkaAdmin grows an existing topic to the bean's partition count, which on a cluster the lab did
 * not start ({@code up --bootstrap}) would change a topic that may be the user's before any dry run could say so.
 */
@Configuration(proxyBeanMethods = false)
class LabTopicConfiguration {

    @Bean
    LabTopicCreation labTopicCreation(KafkaAdmin admin, LabProducerProperties properties, TopicCheck check) {
        return new LabTopicCreation(admin, properties, check);
    }
}
