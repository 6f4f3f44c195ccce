package dev.latencylab.core.latency;

import dev.latencylab.api.accounting.AccountingLimits;
import dev.latencylab.api.latency.KeyOrder;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * One phase's per-key order ({@link KeyOrder}): for each key, the highest sequence number processed
 * so far and whether a lower one came after it. Keys are held as 64-bit hashes of the producer
 * instance and the key's bytes (two of 16,384 keys share one with a chance of about 1 in 10^11),
 * in an open-addressing table that grows to twice {@link AccountingLimits#MAX_KEYS_PER_PHASE}
 * slots: about 0.5 MiB at most, with 32 KiB of sketches. Once the table is full, a new key is told from a tracked one by a
 * cheaper sketch of it first ({@link #sketch}, one bit of {@value #SKETCH_BITS} set per tracked key): a
 * long drain of unique order ids then pays a bit test per record, not a hash and a probe of the table
 * only to count the record untracked. Not thread-safe: {@link LatencyRecorder} guards it.
 */
final class KeyOrderTable {

    static final int MAX_KEYS = AccountingLimits.MAX_KEYS_PER_PHASE;
    private static final int FIRST_SLOTS = 64;
    /** 2^18 bits, 32 KiB: with 16,384 keys tracked, about 6 % of new keys pass on to the table. */
    static final int SKETCH_BITS = 1 << 18;

    private static final VarHandle WORD_AT =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private long[] hashes = new long[FIRST_SLOTS];
    private long[] highest = new long[FIRST_SLOTS];
    /** Per slot: {@link #REPEATED}, {@link #OUT_OF_ORDER}. */
    private byte[] state = new byte[FIRST_SLOTS];
    /** One bit per tracked key's {@link #sketch}: a clear bit is a key the table does not hold. */
    private final long[] sketches = new long[SKETCH_BITS / Long.SIZE];

    private static final byte REPEATED = 1;
    private static final byte OUT_OF_ORDER = 2;
    private int keys;
    private long keysRepeated;
    private long keysOutOfOrder;
    private long untracked;
    private long inOrderNotChecked;

    /** A record of {@code key} (null: no key, not counted) with sequence {@code sequence}, processed now. */
    void record(long producerMostBits, long producerLeastBits, byte[] key, long sequence) {
        if (key == null) {
            return;
        }
        if (keys == MAX_KEYS && !sketched(sketch(producerMostBits, producerLeastBits, key))) {
            untracked++;
            return;
        }
        long hash = hash(producerMostBits, producerLeastBits, key);
        int slot = find(hashes, hash);
        if (hashes[slot] == hash) {
            if ((state[slot] & REPEATED) == 0) {
                state[slot] |= REPEATED;
                keysRepeated++;
            }
            if (sequence >= highest[slot]) {
                highest[slot] = sequence;
            } else if ((state[slot] & OUT_OF_ORDER) == 0) {
                state[slot] |= OUT_OF_ORDER;
                keysOutOfOrder++;
            }
            return;
        }
        if (keys == MAX_KEYS) {
            untracked++;
            return;
        }
        if (2 * (keys + 1) > hashes.length) {
            grow();
            slot = find(hashes, hash);
        }
        hashes[slot] = hash;
        highest[slot] = sequence;
        int sketch = sketch(producerMostBits, producerLeastBits, key);
        sketches[sketch >>> 6] |= 1L << sketch;
        keys++;
    }

    /** A record of {@code key} (null: no key, not counted) processed where its key's order cannot break. */
    void inOrder(byte[] key) {
        if (key != null) {
            inOrderNotChecked++;
        }
    }

    /** Whether a tracked key may have this sketch: false means certainly not. */
    boolean sketched(int sketch) {
        return (sketches[sketch >>> 6] & 1L << sketch) != 0;
    }

    KeyOrder view() {
        return new KeyOrder(keys, keysRepeated, keysOutOfOrder, untracked, inOrderNotChecked);
    }

    void reset() {
        hashes = new long[FIRST_SLOTS];
        highest = new long[FIRST_SLOTS];
        state = new byte[FIRST_SLOTS];
        keys = 0;
        keysRepeated = keysOutOfOrder = untracked = inOrderNotChecked = 0;
        Arrays.fill(sketches, 0);
    }

    /** The slot holding {@code hash}, or the empty one where it belongs (the table is never full). */
    private static int find(long[] table, long hash) {
        int mask = table.length - 1;
        int slot = (int) hash & mask;
        while (table[slot] != 0 && table[slot] != hash) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private void grow() {
        long[] oldHashes = hashes;
        long[] oldHighest = highest;
        byte[] oldState = state;
        hashes = new long[oldHashes.length * 2];
        highest = new long[hashes.length];
        state = new byte[hashes.length];
        for (int i = 0; i < oldHashes.length; i++) {
            if (oldHashes[i] != 0) {
                int slot = find(hashes, oldHashes[i]);
                hashes[slot] = oldHashes[i];
                highest[slot] = oldHighest[i];
                state[slot] = oldState[i];
            }
        }
    }

    /**
     * A bit index from the producer, the length and three words of the key (its first, middle and last
     * eight bytes, overlapping; shorter keys whole): keys up to 24 bytes are read entirely, a longer
     * key's other bytes only by {@link #hash}. Costs a few loads and one multiplication.
     */
    static int sketch(long producerMostBits, long producerLeastBits, byte[] key) {
        int n = key.length;
        long k = 0;
        if (n >= Long.BYTES) {
            k = (long) WORD_AT.get(key, 0)
                    ^ Long.rotateLeft((long) WORD_AT.get(key, n / 2 - Long.BYTES / 2), 21)
                    ^ Long.rotateLeft((long) WORD_AT.get(key, n - Long.BYTES), 42);
        } else {
            for (int i = 0; i < n; i++) {
                k = k << 8 | (key[i] & 0xff);
            }
        }
        long x = k ^ n ^ producerMostBits ^ producerLeastBits * 0x9E3779B97F4A7C15L;
        x ^= x >>> 32;
        return (int) ((x * 0xBF58476D1CE4E5B9L) >>> (Long.SIZE - Integer.numberOfTrailingZeros(SKETCH_BITS)));
    }

    /**
     * The key eight bytes at a time (xor, multiply, fold: each step a bijection, so keys of one length
     * that differ in one word never collide before the finalizer), the rest a byte at a time (FNV-1a),
     * seeded with the producer and the length, then SplitMix64's finalizer; 0 marks an empty slot. A
     * byte at a time was a chain of 20 multiplications for an order id, on every first arrival.
     */
    static long hash(long producerMostBits, long producerLeastBits, byte[] key) {
        long h = (producerMostBits * 0x9E3779B97F4A7C15L ^ producerLeastBits) + key.length;
        int i = 0;
        for (; i + Long.BYTES <= key.length; i += Long.BYTES) {
            h = (h ^ (long) WORD_AT.get(key, i)) * 0x9E3779B97F4A7C15L;
            h ^= h >>> 32;
        }
        for (; i < key.length; i++) {
            h = (h ^ (key[i] & 0xff)) * 0x100000001B3L;
        }
        h = (h ^ (h >>> 30)) * 0xBF58476D1CE4E5B9L;
        h = (h ^ (h >>> 27)) * 0x94D049BB133111EBL;
        h ^= h >>> 31;
        return h == 0 ? 1 : h;
    }
}
