/**
 * A run's results folder, put together once the run has ended: Prometheus' figures collected
 * ({@code collect}), the summary built from them and the run's record ({@code summary}), and the
 * folder written ({@code report}). Kept apart so the summary can be rebuilt or redrawn without
 * Prometheus, and the report from summary.json alone; only the run's own report wires the three.
 */
package dev.latencylab.runner.results;
