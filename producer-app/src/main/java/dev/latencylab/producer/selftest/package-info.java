/**
 * The producer's self-test hook: records written twice, k at a time, the copies uncounted, so that
 * {@code scripts/lab selftest} can check that the report counts exactly k duplicated and none lost.
 * Off unless the app is started for it.
 */
package dev.latencylab.producer.selftest;
