package dev.latencylab.api.latency;

/** Latency percentiles in milliseconds with microsecond precision, from one HdrHistogram. */
public record Percentiles(double p50, double p90, double p95, double p99, double p999, double max) {}
