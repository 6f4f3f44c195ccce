/**
 * Per-phase HdrHistograms of both latencies and the recorder that feeds them from each record.
 */
package dev.latencylab.core.latency;
