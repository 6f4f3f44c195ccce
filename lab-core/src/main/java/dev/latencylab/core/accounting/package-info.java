/**
 * Per-producer sequence tracking: received, missing (pending, then lost), late, duplicated, out of
 * order, with flat memory.
 */
package dev.latencylab.core.accounting;
