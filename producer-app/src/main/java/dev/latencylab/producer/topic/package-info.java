/**
 * Creates the lab topic when it is missing.
 */
package dev.latencylab.producer.topic;
