package dev.latencylab.core.payload;

import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.PayloadKind;
import dev.latencylab.api.settings.SettingsLimits;
import java.util.SplittableRandom;

/**
 * Generates the records' keys and values, as a {@link PayloadPlan} says.
 *
 * <p>The {@link PayloadKind#WORDS} events are JSON order events of an exact size in bytes: realistic
 * fields (order and customer ids, items, amounts, a timestamp, a shipping address) and a free-text
 * {@code note} that pads it to the requested size. The note is drawn word by word at random from a
 * small vocabulary, so records are unique but compress like text, better than most real traffic.
 * {@link PayloadKind#RANDOM_HEX} events have the same shape in hex ({@link RandomHexEvents}),
 * {@link PayloadKind#FIXED} sends one payload made once, {@link PayloadKind#SAMPLE} cycles through
 * the user's records. The keys follow the key strategy the same way for every kind.
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
    private static final String NOTE_OPEN = ",\"note\":\"";
    private static final String NOTE_CLOSE = "\"}";

    private final SplittableRandom random;
    private final String producerTag;
    private final AsciiBuffer buffer = new AsciiBuffer(1024);
    private final RecordKeys keys;

    /**
     * @param producerTag a short tag making order ids unique across producers (e.g. the first
     *     8 characters of the producer id)
     */
    public OrderEventGenerator(String producerTag, long seed) {
        this.producerTag = producerTag;
        this.random = new SplittableRandom(seed);
        this.keys = new RecordKeys(producerTag, seed);
    }

    /** The smallest payload that holds every field; requests below it are rejected. */
    public static int minimumPayloadBytes() {
        return SettingsLimits.PAYLOAD_BYTES.min();
    }

    /**
     * Record {@code sequence} as the plan says. The plan was checked when it was made, so nothing is
     * checked here.
     *
     * @param createdAtMicros the event's creation time, written into words and random-hex events
     */
    public OrderEvent next(long sequence, long createdAtMicros, PayloadPlan plan) {
        KeyStrategy keyStrategy = plan.keyStrategy();
        return switch (plan.kind()) {
            case WORDS -> words(sequence, createdAtMicros, plan.payloadBytes(), keyStrategy);
            case RANDOM_HEX -> randomHex(sequence, createdAtMicros, plan.payloadBytes(), keyStrategy);
            case HEX_RECORD -> hexRecord(sequence, createdAtMicros, plan.payloadBytes(), keyStrategy);
            case FIXED -> new OrderEvent(keys.key(sequence, keyStrategy), plan.fixedValue());
            case SAMPLE -> new OrderEvent(keys.key(sequence, keyStrategy), plan.sampleRecord(sequence));
        };
    }

    /** A {@link PayloadKind#WORDS} event, the size checked against the limits. */
    public OrderEvent next(long sequence, long createdAtMicros, int payloadBytes, KeyStrategy keyStrategy) {
        SettingsLimits.PAYLOAD_BYTES.check("payloadBytes", payloadBytes);
        return words(sequence, createdAtMicros, payloadBytes, keyStrategy);
    }

    private OrderEvent randomHex(long sequence, long createdAtMicros, int payloadBytes, KeyStrategy keyStrategy) {
        buffer.clear();
        // The hex order id is as long as the words event's (tag, '-', ten digits): both lay out alike.
        RandomHexEvents.write(buffer, random, producerTag.length() + 11, createdAtMicros, payloadBytes);
        return new OrderEvent(keys.key(sequence, keyStrategy), buffer.toArray());
    }

    private OrderEvent hexRecord(long sequence, long createdAtMicros, int payloadBytes, KeyStrategy keyStrategy) {
        buffer.clear();
        HexRecords.write(buffer, random, sequence, createdAtMicros, payloadBytes);
        return new OrderEvent(keys.key(sequence, keyStrategy), buffer.toArray());
    }

    private OrderEvent words(long sequence, long createdAtMicros, int payloadBytes, KeyStrategy keyStrategy) {
        buffer.clear();
        buffer.append("{\"orderId\":\"");
        int orderIdStart = buffer.length();
        buffer.append(producerTag).append('-').appendPadded(sequence, 10);
        int orderIdEnd = buffer.length();
        buffer.append("\",\"customerId\":\"");
        int customerStart = buffer.length();
        buffer.append('C').appendPadded(random.nextInt(RecordKeys.CUSTOMERS), 5);
        int customerEnd = buffer.length();
        buffer.append("\",\"createdAtMicros\":").append(createdAtMicros);
        buffer.append(",\"status\":\"NEW\",\"currency\":\"")
                .append(CURRENCIES[random.nextInt(CURRENCIES.length)])
                .append('"');
        OrderItems.append(buffer, random, (b, r) -> b.append(SKUS[r.nextInt(SKUS.length)])
                .append('-')
                .appendPadded(r.nextInt(100_000), 5));
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
