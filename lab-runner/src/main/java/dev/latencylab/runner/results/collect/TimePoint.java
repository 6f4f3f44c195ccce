package dev.latencylab.runner.results.collect;

import java.time.Instant;

/** One value of a time series. */
public record TimePoint(Instant t, double v) {}
