/**
 * What the producer-app answers at /actuator/producer: its status and counters.
 */
package dev.latencylab.api.producer;
