/**
 * The producer's and the consumer's settings, their accepted ranges and the readers that check them,
 * as the apps' endpoints and the scenario files share them (the sample file a setting may name is
 * {@code dev.latencylab.api.payload}'s).
 */
package dev.latencylab.api.settings;
