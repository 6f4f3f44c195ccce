package dev.latencylab.core.accounting;

/** How one received sequence number fits the producer's stream. */
public enum SequenceOutcome {
    /** First time seen. */
    RECEIVED,
    /** Seen before (or arrived after its gap was already declared lost). */
    DUPLICATE,
    /** Sequenced before the first record seen since tracking started: neither counted nor judged. */
    BEFORE_START
}
