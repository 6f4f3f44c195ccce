/**
 * /actuator/producer: the settings in effect and run-time changes.
 */
package dev.latencylab.producer.control;
