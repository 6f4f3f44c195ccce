package dev.latencylab.runner.report;

import java.time.Instant;

/** One value of a time series. */
public record TimePoint(Instant t, double v) {
}
