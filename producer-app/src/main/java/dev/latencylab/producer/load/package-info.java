/**
 * The sender thread, its state and its metrics.
 */
package dev.latencylab.producer.load;
