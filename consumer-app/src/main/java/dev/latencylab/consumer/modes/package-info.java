/**
 * How the consumer reads and processes: its settings at run time ({@code /actuator/consumer}), the
 * listener containers they configure, and the simulated processing of each record.
 */
package dev.latencylab.consumer.modes;
