/**
 * Driving a scenario: phases applied in order with warm-up and measurement, progress, abort, and
 * the record of what happened.
 */
package dev.latencylab.runner.run;
