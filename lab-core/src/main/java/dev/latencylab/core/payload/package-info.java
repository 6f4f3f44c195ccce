/**
 * The records' keys and values: generated order events of an exact size (words or random hex), one
 * fixed payload, or the user's own sample records, as a {@link dev.latencylab.core.payload.PayloadPlan}
 * made once per settings change says.
 */
package dev.latencylab.core.payload;
