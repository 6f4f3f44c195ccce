package dev.latencylab.api.latency;

/**
 * Latency percentiles in milliseconds with microsecond precision, from one HdrHistogram. The p10 is
 * the low end a floor is compared at (the fastest tenth of records), beside the p50 and p90; null when
 * read from an app that did not give it (one from before it was added).
 */
public record Percentiles(Double p10, double p50, double p90, double p95, double p99, double p999, double max) {}
