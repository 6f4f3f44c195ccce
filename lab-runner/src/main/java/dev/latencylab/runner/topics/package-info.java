/**
 * The topics a phase writes, through Kafka's Admin client: created with the phase's layout before
 * it, measured on disk after it, deleted unless kept.
 */
package dev.latencylab.runner.topics;
