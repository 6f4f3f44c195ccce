package dev.latencylab.runner.results.collect;

import java.time.Instant;

/** Where a phase sits on the run's time axis: settings applied at start, measured from measureStart to end. */
public record PhaseMark(String name, Instant start, Instant measureStart, Instant end) {}
