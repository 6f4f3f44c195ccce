/**
 * The lab against Kafka's own tools (ProducerPerformance, EndToEndLatency) on the same stack:
 * running them, parsing their output, judging the goals.
 */
package dev.latencylab.runner.compare;
