/**
 * Creates the lab topic when it is missing, leaves one that exists as it is, and checks a topic a change names.
 */
package dev.latencylab.producer.topic;
