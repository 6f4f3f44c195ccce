/**
 * The {@code rate: max} phase: the search for the highest sustained rate, then the phase measured at
 * shares of it, each by the kind that takes it.
 */
package dev.latencylab.runner.run.step.ratesearch;
