/**
 * The consumer's self-test hook: records dropped unseen, k at a time, so that {@code scripts/lab
 * selftest} can check that the report counts exactly k lost. Off unless the app is started for it.
 */
package dev.latencylab.consumer.selftest;
