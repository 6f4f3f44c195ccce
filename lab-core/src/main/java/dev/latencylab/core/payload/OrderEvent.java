package dev.latencylab.core.payload;

import dev.latencylab.api.settings.KeyStrategy;

/** One generated record: key (null for {@link KeyStrategy#NONE}) and JSON value, as bytes ready for the wire. */
public record OrderEvent(byte[] key, byte[] value) {}
