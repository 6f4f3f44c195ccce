/**
 * The producer side of the accounting: per phase, what was sent, how late, and where the brokers
 * wrote what they acknowledged.
 */
package dev.latencylab.core.sends;
