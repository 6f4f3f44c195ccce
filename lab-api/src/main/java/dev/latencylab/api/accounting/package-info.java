/**
 * The accounting model, written once for the runner and the tests: when a phase is closed (the
 * fence) and what its counts are, from the producer's acknowledgements and the consumer's
 * offset ledger.
 */
package dev.latencylab.api.accounting;
