/**
 * Each worker's clock against the runner's: NTP-style exchanges over the control API, the offset with its
 * uncertainty, checked at each phase's start and end (docs/how-latency-is-measured.md, "Clocks").
 */
package dev.latencylab.runner.clocks;
