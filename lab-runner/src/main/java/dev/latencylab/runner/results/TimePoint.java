package dev.latencylab.runner.results;

import java.time.Instant;

/** One value of a time series. */
record TimePoint(Instant t, double v) {}
