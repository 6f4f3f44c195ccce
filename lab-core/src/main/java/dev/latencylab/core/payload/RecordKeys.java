package dev.latencylab.core.payload;

import dev.latencylab.api.settings.KeyStrategy;

/**
 * The record keys of the payload kinds whose value does not carry them (random-hex, fixed,
 * sample), in the words events' form: the order id {@code <producerTag>-<sequence, 10 digits>} or
 * a customer id {@code C<5 digits>} out of {@link #CUSTOMERS}. The keys decide the partitions, so
 * the payload kind must not change them.
 *
 * <p>A customer is a function of the sequence, not a draw from the generator's random stream:
 * the same sequence gets the same customer whichever of these kinds made it and whatever was
 * generated before. (The words events draw theirs from their stream, as they always did, so their
 * output stays what it was; the customers are spread over the same pool either way.)
 */
final class RecordKeys {

    /** Customers an order is drawn from: the same customer always lands on the same partition. */
    static final int CUSTOMERS = 10_000;

    private final String producerTag;
    private final long customerSeed;
    private final AsciiBuffer buffer = new AsciiBuffer(32);

    RecordKeys(String producerTag, long seed) {
        this.producerTag = producerTag;
        this.customerSeed = seed;
    }

    /** The key of record {@code sequence}; null for {@link KeyStrategy#NONE}. */
    byte[] key(long sequence, KeyStrategy strategy) {
        return switch (strategy) {
            case ORDER_ID -> {
                buffer.clear();
                buffer.append(producerTag).append('-').appendPadded(sequence, 10);
                yield buffer.toArray();
            }
            case CUSTOMER_ID -> {
                buffer.clear();
                buffer.append('C').appendPadded(customer(sequence), 5);
                yield buffer.toArray();
            }
            case NONE -> null;
        };
    }

    /** SplitMix64's finalizer over the sequence, scaled to the pool without a division. */
    int customer(long sequence) {
        long z = sequence * 0x9E3779B97F4A7C15L + customerSeed;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (int) (((z >>> 32) * CUSTOMERS) >>> 32);
    }
}
