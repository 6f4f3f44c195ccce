package dev.latencylab.core.payload;

import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.SettingsLimits;
import java.util.SplittableRandom;

/**
 * Generates JSON order events of an exact size in bytes.
 *
 * <p>Each event has realistic fields (order and customer ids, items, amounts, a timestamp, a
 * shipping address) and a free-text {@code note} that pads it to the requested size. The note is
 * drawn word by word at random from a small vocabulary, so records are unique but compress like
 * text: a repeated buffer would make the codecs' ratios lie.
 *
 * <p>Not thread-safe: one generator per sending thread.
 */
public final class OrderEventGenerator {

    private static final String[] WORDS = {
        "please",
        "leave",
        "the",
        "parcel",
        "at",
        "front",
        "door",
        "ring",
        "bell",
        "twice",
        "fragile",
        "glass",
        "handle",
        "with",
        "care",
        "gift",
        "wrap",
        "no",
        "invoice",
        "in",
        "box",
        "call",
        "before",
        "delivery",
        "back",
        "entrance",
        "neighbour",
        "can",
        "accept",
        "office",
        "hours",
        "weekday",
        "morning",
        "evening",
        "express",
        "standard",
        "return",
        "label",
        "included",
        "customer",
        "prefers",
        "email",
        "contact",
        "urgent",
        "birthday",
        "present",
        "second",
        "floor",
        "lift",
        "broken",
        "code",
        "gate",
        "blue",
        "house",
        "next",
        "to",
        "bakery",
        "keep",
        "dry",
        "upright",
        "signature",
        "required",
        "thanks",
        "a",
        "lot"
    };
    private static final String[] SKUS = {"BOOK", "SHOE", "LAMP", "MUG", "SOCK", "PEN", "BAG", "CAP"};
    private static final String[] CURRENCIES = {"EUR", "USD", "GBP", "CHF"};
    private static final String[] COUNTRIES = {"DE", "FR", "NL", "GB", "US", "CH", "PL", "ES"};
    private static final int CUSTOMERS = 10_000;
    private static final String NOTE_OPEN = ",\"note\":\"";
    private static final String NOTE_CLOSE = "\"}";

    private final SplittableRandom random;
    private final String producerTag;
    private final AsciiBuffer buffer = new AsciiBuffer(1024);

    /**
     * @param producerTag a short tag making order ids unique across producers (e.g. the first
     *     8 characters of the producer id)
     */
    public OrderEventGenerator(String producerTag, long seed) {
        this.producerTag = producerTag;
        this.random = new SplittableRandom(seed);
    }

    /** The smallest payload that holds every field; requests below it are rejected. */
    public static int minimumPayloadBytes() {
        return SettingsLimits.PAYLOAD_BYTES.min();
    }

    public OrderEvent next(long sequence, long createdAtMicros, int payloadBytes, KeyStrategy keyStrategy) {
        SettingsLimits.PAYLOAD_BYTES.check("payloadBytes", payloadBytes);
        buffer.clear();
        buffer.append("{\"orderId\":\"");
        int orderIdStart = buffer.length();
        buffer.append(producerTag).append('-').appendPadded(sequence, 10);
        int orderIdEnd = buffer.length();
        buffer.append("\",\"customerId\":\"");
        int customerStart = buffer.length();
        buffer.append('C').appendPadded(random.nextInt(CUSTOMERS), 5);
        int customerEnd = buffer.length();
        buffer.append("\",\"createdAtMicros\":").append(createdAtMicros);
        buffer.append(",\"status\":\"NEW\",\"currency\":\"").append(CURRENCIES[random.nextInt(CURRENCIES.length)]);
        buffer.append("\",\"items\":[");
        int items = 1 + random.nextInt(3);
        long total = 0;
        for (int i = 0; i < items; i++) {
            int quantity = 1 + random.nextInt(5);
            long unitCents = 199 + random.nextInt(9_800);
            total += quantity * unitCents;
            buffer.append(i == 0 ? "{\"sku\":\"" : ",{\"sku\":\"")
                    .append(SKUS[random.nextInt(SKUS.length)])
                    .append('-')
                    .appendPadded(random.nextInt(100_000), 5)
                    .append("\",\"qty\":")
                    .append(quantity)
                    .append(",\"unitPrice\":")
                    .appendCents(unitCents)
                    .append('}');
        }
        buffer.append("],\"total\":").appendCents(total);
        buffer.append(",\"shipping\":{\"country\":\"")
                .append(COUNTRIES[random.nextInt(COUNTRIES.length)])
                .append("\",\"postcode\":\"")
                .appendPadded(random.nextInt(100_000), 5)
                .append("\"}");
        buffer.append(NOTE_OPEN);
        int noteEnd = payloadBytes - NOTE_CLOSE.length();
        appendNote(noteEnd);
        buffer.append(NOTE_CLOSE);

        byte[] key =
                switch (keyStrategy) {
                    case ORDER_ID -> buffer.copyRange(orderIdStart, orderIdEnd);
                    case CUSTOMER_ID -> buffer.copyRange(customerStart, customerEnd);
                    case NONE -> null;
                };
        return new OrderEvent(key, buffer.toArray());
    }

    /** Words until the note reaches {@code end}, the last one cut to fit exactly. */
    private void appendNote(int end) {
        if (buffer.length() > end) {
            // Cannot happen at or above the minimum payload, which is sized to hold every field.
            throw new IllegalStateException("payload fields exceed " + (end + NOTE_CLOSE.length()) + " bytes");
        }
        boolean firstWord = true;
        while (buffer.length() < end) {
            if (!firstWord) {
                buffer.append(' ');
                if (buffer.length() == end) {
                    break;
                }
            }
            firstWord = false;
            String word = WORDS[random.nextInt(WORDS.length)];
            int room = end - buffer.length();
            buffer.append(word.length() <= room ? word : word.substring(0, room));
        }
    }
}
