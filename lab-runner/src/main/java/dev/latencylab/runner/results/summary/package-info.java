/**
 * The summary as data: a row per phase, the one catalog of figures, their spread over the repeats,
 * what the run ran on, and the reading of the trade-off computed from the numbers. It is what
 * summary.json holds and what the report and the diff of two runs read, so it depends on nothing
 * that renders it.
 */
package dev.latencylab.runner.results.summary;
