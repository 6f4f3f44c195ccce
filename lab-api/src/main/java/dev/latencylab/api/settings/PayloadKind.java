package dev.latencylab.api.settings;

/**
 * What the record values are made of. It decides what the codecs can do with them: English words
 * compress far better than real traffic, random hex about as badly as ids and hashes do.
 */
public enum PayloadKind implements Labelled {
    /** The order event JSON padded with words from a small vocabulary: compresses like text (zstd ~0.25). */
    WORDS,
    /** The order event JSON with every string field random hex: compresses like ids and hashes. */
    RANDOM_HEX,
    /**
     * The franz-go batching benchmark's record: a small fixed structure (seq, id, ts, event) whose
     * payload field, the rest of the record, is random hex. Less repeated structure per byte than
     * {@link #RANDOM_HEX}'s order JSON, so codecs without entropy coding (lz4, snappy) save less.
     */
    HEX_RECORD,
    /** One payload made once and sent for every record: the cheapest to generate, compresses to nothing. */
    FIXED,
    /** The user's own records from {@code payloadFile}, one per line, cycled; sizes are the lines'. */
    SAMPLE;

    @Override
    public String toString() {
        return label();
    }
}
