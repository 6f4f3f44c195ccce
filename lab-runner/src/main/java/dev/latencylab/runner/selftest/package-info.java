/**
 * {@code selftest}: the lab proves its own counts. Faults of known size are injected into phases
 * of a real run (through the apps' self-test hooks and the consumer's control), and the counts the
 * runner reports are checked against them, row by row.
 */
package dev.latencylab.runner.selftest;
