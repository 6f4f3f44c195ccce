package dev.latencylab.core.payload;

import dev.latencylab.api.settings.KeyStrategy;

/**
 * One generated record: key (null for {@link KeyStrategy#NONE}) and value, as bytes ready for the
 * wire. Not to be written into: a fixed payload's value is one array shared by every record.
 */
public record OrderEvent(byte[] key, byte[] value) {}
