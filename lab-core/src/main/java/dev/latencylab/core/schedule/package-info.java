/**
 * The open-loop schedule: the intended send time of every record at a target rate.
 */
package dev.latencylab.core.schedule;
