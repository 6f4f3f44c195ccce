/** What the apps' self-test hooks and {@code scripts/lab selftest} agree on: the property, the path, the bounds. */
package dev.latencylab.api.selftest;
