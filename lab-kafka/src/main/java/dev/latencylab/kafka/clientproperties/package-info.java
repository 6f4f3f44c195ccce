/** Kafka client properties a user sets beyond the lab's settings, checked against the client's own definitions. */
package dev.latencylab.kafka.clientproperties;
