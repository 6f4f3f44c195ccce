/**
 * The kinds of phase step a run knows, registered one line each in {@link
 * dev.latencylab.runner.run.step.StepKinds}; each kind is a package of its own below this one and
 * depends on the loop's contract ({@link dev.latencylab.runner.run.PhaseStep}), never on another kind.
 */
package dev.latencylab.runner.run.step;
