/**
 * The binary record header that carries intended and actual send time, sequence, producer id and
 * settings.
 */
package dev.latencylab.core.header;
