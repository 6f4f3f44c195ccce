/**
 * Experiments as data: scenario files read and checked (all problems at once, each naming file,
 * phase and field), timing overrides.
 */
package dev.latencylab.runner.scenario;
