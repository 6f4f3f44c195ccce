/**
 * Prometheus read for a run: each phase's figures over its measured window, the series the
 * charts draw, and the stack warm-up's figures, every PromQL expression written once. Nothing
 * here knows the summary or the report, so what the lab measures changes in one place, and a
 * query that fails or returns nothing yields null, never a made-up number.
 */
package dev.latencylab.runner.results.collect;
