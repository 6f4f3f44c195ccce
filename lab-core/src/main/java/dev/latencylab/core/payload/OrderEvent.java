package dev.latencylab.core.payload;

/** One generated record: key and JSON value, both as bytes ready for the wire. */
public record OrderEvent(byte[] key, byte[] value) {
}
