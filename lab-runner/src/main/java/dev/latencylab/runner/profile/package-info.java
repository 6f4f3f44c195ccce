/**
 * Where a JVM's CPU goes: the execution samples of a JFR recording, folded into call stacks per
 * thread, drawn as a flame graph (async-profiler's page) and summed into the methods that take most of it.
 */
package dev.latencylab.runner.profile;
