/** Topics on a real cluster: when a topic just created can be written. */
package dev.latencylab.kafka.topics;
