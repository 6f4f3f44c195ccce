/**
 * A Kafka client's Micrometer meters refreshed on a thread of their own, which goes with the client:
 * what the apps' Spring Kafka listeners bind each producer and consumer with.
 */
package dev.latencylab.kafka.metrics;
