/**
 * Two results folders compared run against run: their summary.json files read generically (every
 * figure a phase has, whatever version wrote it), phases matched by name with what they ran on
 * checked, each figure's change judged by its better direction and against the spread of the
 * repeats, --fail-on thresholds, and diff.md / diff.json.
 */
package dev.latencylab.runner.diff;
