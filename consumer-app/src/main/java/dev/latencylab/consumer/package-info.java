/**
 * The consumer-app: end-to-end latency per record, per phase, and the proof that nothing was lost
 * or duplicated.
 */
package dev.latencylab.consumer;
