/** The consumer-app's Kafka client metrics in Prometheus within seconds of each new consumer. */
package dev.latencylab.consumer.metrics;
