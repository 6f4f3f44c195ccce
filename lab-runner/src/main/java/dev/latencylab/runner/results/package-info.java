/**
 * A run's results folder: per-phase summary (JSON, Markdown), the figures read from Prometheus,
 * the charts and the reading of the trade-off.
 */
package dev.latencylab.runner.results;
