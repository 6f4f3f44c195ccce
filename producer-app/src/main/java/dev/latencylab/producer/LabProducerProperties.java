package dev.latencylab.producer;

import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.SettingsLimits;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The load the producer-app generates, with its starting values in producer-app.yml (the one place
 * they are written). Kafka client settings (linger.ms, batch.size,
 * compression.type, acks) live under spring.kafka.producer, where Spring Boot reads them.
 *
 * @param topic the lab topic, created on start when missing
 * @param partitions its partition count when created
 * @param replicationFactor its replication factor when created
 * @param minInsyncReplicas its min.insync.replicas when created
 * @param rate records per second the open-loop schedule aims at
 * @param payloadBytes size of each JSON order event
 * @param keyStrategy what the record key is
 * @param autostart whether load starts with the app (otherwise on POST {"running":true})
 * @param switchTimeout how long a settings change may take before the endpoint answers 503
 * @param payloadDir the one folder a {@code payloadFile} may be read from (relative: to the working directory)
 * @param topicPrefix what every topic the producer-app writes starts with, so it never writes a topic of
 *     someone else's on a shared cluster ({@code topic} included)
 */
@Validated
@ConfigurationProperties("lab.producer")
public record LabProducerProperties(
        @NotBlank String topic,
        @Min(1) @Max(1000) int partitions,
        @Min(1) @Max(32) short replicationFactor,
        @Min(1) @Max(32) int minInsyncReplicas,
        double rate,
        int payloadBytes,
        @NotNull KeyStrategy keyStrategy,
        boolean autostart,
        @NotNull Duration switchTimeout,
        @NotNull Path payloadDir,
        @NotBlank String topicPrefix) {

    public LabProducerProperties {
        // The ranges a client may set at run time hold at start-up too, from the one place they are written.
        if (!SettingsLimits.rateAccepted(rate)) {
            throw new IllegalArgumentException(SettingsLimits.describeRate("lab.producer.rate") + "; got " + rate);
        }
        SettingsLimits.PAYLOAD_BYTES.check("lab.producer.payload-bytes", payloadBytes);
        if (topic != null && topicPrefix != null && !topic.startsWith(topicPrefix)) {
            throw new IllegalArgumentException(
                    "lab.producer.topic " + topic + " does not start with lab.producer.topic-prefix " + topicPrefix
                            + ": the producer-app writes only the lab's own topics");
        }
    }
}
