/**
 * The results folder rendered from the summary: summary.md with its tables and sections, the PNG
 * charts, heat maps and latency spectrum, and the JSON files written beside them. Rendering only,
 * so a saved folder's summary.json and series.json redraw the same report byte for byte.
 */
package dev.latencylab.runner.results.report;
