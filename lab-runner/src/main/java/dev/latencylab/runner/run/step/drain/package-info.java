/** The drained phase ({@code backlog}): a backlog built with the consumer paused, then drained and measured. */
package dev.latencylab.runner.run.step.drain;
