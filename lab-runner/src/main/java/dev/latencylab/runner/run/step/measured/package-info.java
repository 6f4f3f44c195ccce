/** The measured phase: warm-up, the sender back on schedule, the window with its progress, faults and hook. */
package dev.latencylab.runner.run.step.measured;
