/**
 * How the Kafka producer client's own metrics reach Prometheus.
 */
package dev.latencylab.producer.metrics;
