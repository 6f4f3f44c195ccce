/**
 * What the consumer-app answers at /actuator/latency: per-phase latency percentiles, loss and
 * duplicate accounting, totals.
 */
package dev.latencylab.api.latency;
