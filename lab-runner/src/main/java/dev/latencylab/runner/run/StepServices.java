package dev.latencylab.runner.run;

/**
 * What the loop sets up once per runner and every step shares: the run's context, what a phase runs
 * on, its own topic, its fault steps and its close.
 */
public record StepServices(
        RunContext run, PhaseStack stack, PhaseTopics topics, TimedFaults faults, PhaseCloser closer) {}
