/**
 * Driving a scenario: phases applied in order with warm-up and measurement, progress, abort, and
 * the record of what happened. The loop runs each planned phase with the first {@link
 * dev.latencylab.runner.run.PhaseStep} it was given that takes it; the kinds live under {@code
 * run.step}, which this package never depends on. A new kind is a package there and a line in
 * {@code StepKinds}.
 */
package dev.latencylab.runner.run;
