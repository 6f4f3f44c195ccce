package dev.latencylab.core.payload;

import java.util.SplittableRandom;

/**
 * The record of franz-go's batching benchmark, as its article describes it: a small fixed structure
 * ({@code seq}, {@code id}, {@code ts}, {@code event}) and a {@code payload} field of random hex that
 * fills the rest. Against {@link RandomHexEvents} it has a few field names per record where the order
 * JSON has about forty, so what a codec finds to repeat within a batch is almost only hex: the
 * difference between lz4's and zstd's savings on the two records is what the lab's reproduction of
 * the article measures.
 */
final class HexRecords {

    private static final int ID_HEX = 16;
    private static final String EVENT = "order_created";
    private static final String CLOSE = "\"}";

    private HexRecords() {}

    /** Writes one record of exactly {@code payloadBytes} into the cleared {@code buffer}. */
    static void write(
            AsciiBuffer buffer, SplittableRandom random, long sequence, long createdAtMicros, int payloadBytes) {
        buffer.append("{\"seq\":").append(sequence);
        buffer.append(",\"id\":\"").appendRandomHex(ID_HEX, random);
        buffer.append("\",\"ts\":").append(createdAtMicros);
        buffer.append(",\"event\":\"").append(EVENT).append("\",\"payload\":\"");
        int payloadHex = payloadBytes - CLOSE.length() - buffer.length();
        if (payloadHex < 0) {
            // Cannot happen at or above the minimum payload (360 B): the structure takes under 100.
            throw new IllegalStateException("record fields exceed " + payloadBytes + " bytes");
        }
        buffer.appendRandomHex(payloadHex, random).append(CLOSE);
    }
}
