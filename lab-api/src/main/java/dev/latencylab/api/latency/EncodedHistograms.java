package dev.latencylab.api.latency;

/**
 * One phase's microsecond histograms in HdrHistogram's compressed encoding, base64: what a
 * runner needs to merge several consumer instances exactly (percentiles cannot be merged).
 * Sent only when asked for ({@code GET /actuator/latency?histograms=true}).
 *
 * @param latency consumed minus sent
 * @param corrected consumed minus intended
 * @param batchWait consumed minus polled; null without samples
 */
public record EncodedHistograms(String latency, String corrected, String batchWait) {}
