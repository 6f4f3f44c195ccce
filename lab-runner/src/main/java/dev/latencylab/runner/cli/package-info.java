/**
 * The command line: one command class per verb, its options, usage and exit codes. Commands wire
 * the other packages together and own no logic of their own.
 */
package dev.latencylab.runner.cli;
