package dev.latencylab.runner.diff;

import java.util.function.Function;

/**
 * How the diff shows and judges one figure.
 *
 * @param key the figure's path in summary.json's phase rows ({@code latencyMs.p99})
 * @param name what --fail-on calls it ({@code e2e.p99})
 * @param label how diff.md heads its row
 * @param format how a value (and a change) of it is printed
 */
record Figure(String key, String name, String label, Better better, Function<Double, String> format) {}
