package dev.latencylab.core.payload;

import java.util.SplittableRandom;

/**
 * The words events' JSON shape with every string field's content random lowercase hex (ids, sku,
 * currency, country, postcode, note), like the random records of franz-go's batching benchmark.
 * Hex carries 4 bits per byte, so the values compress about as badly as ids and hashes in real
 * traffic do, where English words flatter the codecs. The numbers stay numbers and {@code status}
 * stays the one constant it is in the words events. Each string field is as long as its longest
 * words counterpart, so the fields always fit in the minimum payload.
 *
 * <p>Written straight into the buffer from random longs: no String per field.
 */
final class RandomHexEvents {

    private static final int CUSTOMER_ID_HEX = 6;
    private static final int CURRENCY_HEX = 3;
    private static final int SKU_HEX = 10;
    private static final int COUNTRY_HEX = 2;
    private static final int POSTCODE_HEX = 5;
    private static final String NOTE_CLOSE = "\"}";

    private RandomHexEvents() {}

    /**
     * Writes one event of exactly {@code payloadBytes} into the cleared {@code buffer}.
     *
     * @param orderIdHex the order id's length, as long as the words event's
     */
    static void write(
            AsciiBuffer buffer, SplittableRandom random, int orderIdHex, long createdAtMicros, int payloadBytes) {
        buffer.append("{\"orderId\":\"").appendRandomHex(orderIdHex, random);
        buffer.append("\",\"customerId\":\"").appendRandomHex(CUSTOMER_ID_HEX, random);
        buffer.append("\",\"createdAtMicros\":").append(createdAtMicros);
        buffer.append(",\"status\":\"NEW\",\"currency\":\"")
                .appendRandomHex(CURRENCY_HEX, random)
                .append('"');
        OrderItems.append(buffer, random, (b, r) -> b.appendRandomHex(SKU_HEX, r));
        buffer.append(",\"shipping\":{\"country\":\"").appendRandomHex(COUNTRY_HEX, random);
        buffer.append("\",\"postcode\":\"").appendRandomHex(POSTCODE_HEX, random);
        buffer.append("\"},\"note\":\"");
        int noteHex = payloadBytes - NOTE_CLOSE.length() - buffer.length();
        if (noteHex < 0) {
            // Cannot happen at or above the minimum payload, which is sized to hold every field.
            throw new IllegalStateException("payload fields exceed " + payloadBytes + " bytes");
        }
        buffer.appendRandomHex(noteHex, random).append(NOTE_CLOSE);
    }
}
