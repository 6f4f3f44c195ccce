/**
 * The producer-app: an open-loop load generator whose producer settings change at run time.
 */
package dev.latencylab.producer;
