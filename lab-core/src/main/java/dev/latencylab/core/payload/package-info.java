/**
 * Generated order events: keys and JSON values of an exact size.
 */
package dev.latencylab.core.payload;
