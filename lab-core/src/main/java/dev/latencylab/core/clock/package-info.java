/**
 * Wall-clock microseconds, the unit of every timestamp in a record header.
 */
package dev.latencylab.core.clock;
