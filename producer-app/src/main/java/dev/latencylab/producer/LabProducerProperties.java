package dev.latencylab.producer;

import dev.latencylab.core.payload.KeyStrategy;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The load the producer-app generates. Kafka client settings (linger.ms, batch.size,
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
 */
@Validated
@ConfigurationProperties("lab.producer")
public record LabProducerProperties(
        @DefaultValue("lab.orders") @NotBlank String topic,
        @DefaultValue("3") @Min(1) @Max(1000) int partitions,
        @DefaultValue("3") @Min(1) @Max(32) short replicationFactor,
        @DefaultValue("2") @Min(1) @Max(32) int minInsyncReplicas,
        @DefaultValue("1000") @DecimalMin("0.1") @DecimalMax("200000") double rate,
        @DefaultValue("400") @Min(360) @Max(100000) int payloadBytes,
        @DefaultValue("ORDER_ID") KeyStrategy keyStrategy,
        @DefaultValue("true") boolean autostart,
        @DefaultValue("30s") Duration switchTimeout) {
}
