/**
 * The listener, the recorder's wiring, its Prometheus metrics and /actuator/latency.
 */
package dev.latencylab.consumer.latency;
