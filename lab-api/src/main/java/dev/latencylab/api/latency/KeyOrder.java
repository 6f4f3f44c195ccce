package dev.latencylab.api.latency;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.latencylab.api.accounting.AccountingLimits;

/**
 * The per-key order of one phase's records as the consumer processed them. A key is out of order
 * when a record of it was processed after a later record of the same key from the same producer
 * instance (a higher sequence number). A consumer group keeps a key's records in order (they share
 * a partition, which one member reads in order); a share group hands them to several consumers and
 * keeps no such order. Each consumer-app instance counts the keys it processed records of, so a key
 * whose partition moved between instances mid-phase counts once at each.
 *
 * @param keys distinct keys tracked in the phase, a key being a producer instance and a record key
 * @param repeated of those, the keys with two records or more in the phase: only they can be out of
 *     order (each order id is a key of one record, so such a phase has none)
 * @param outOfOrder of those, the keys with at least one record processed after a later one
 * @param untracked records not checked: their key came after {@link AccountingLimits#MAX_KEYS_PER_PHASE}
 *     others in the phase (records without a key are not counted at all)
 * @param inOrderNotChecked records (with a key) not checked because their key's order could not break
 *     where they were processed: in offset order, by the one thread that read their partition (the
 *     record listener, the batch listener processing in-order). A key's records share a partition, so
 *     there the key's order is the partition's, which the sequence accounting checks already (a
 *     phase's {@code outOfOrder} records). Only unordered, per-key and share-group processing are checked.
 */
public record KeyOrder(long keys, long repeated, long outOfOrder, long untracked, long inOrderNotChecked) {

    public static final KeyOrder NONE = new KeyOrder(0, 0, 0, 0, 0);

    /** As JSON is read: {@code inOrderNotChecked} absent (from an app before it was counted) is 0. */
    @JsonCreator
    static KeyOrder read(
            @JsonProperty("keys") long keys,
            @JsonProperty("repeated") long repeated,
            @JsonProperty("outOfOrder") long outOfOrder,
            @JsonProperty("untracked") long untracked,
            @JsonProperty("inOrderNotChecked") Long inOrderNotChecked) {
        return new KeyOrder(keys, repeated, outOfOrder, untracked, inOrderNotChecked == null ? 0 : inOrderNotChecked);
    }

    /** Counts of keys all checked: none skipped as processed in order. */
    public KeyOrder(long keys, long repeated, long outOfOrder, long untracked) {
        this(keys, repeated, outOfOrder, untracked, 0);
    }

    public KeyOrder plus(KeyOrder other) {
        return other == null
                ? this
                : new KeyOrder(
                        keys + other.keys,
                        repeated + other.repeated,
                        outOfOrder + other.outOfOrder,
                        untracked + other.untracked,
                        inOrderNotChecked + other.inOrderNotChecked);
    }

    /** The share of the keys with two records or more that were out of order; null without such keys. */
    @JsonIgnore
    public Double outOfOrderShare() {
        return repeated == 0 ? null : (double) outOfOrder / repeated;
    }
}
