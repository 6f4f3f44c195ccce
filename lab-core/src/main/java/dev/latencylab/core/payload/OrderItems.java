package dev.latencylab.core.payload;

import java.util.SplittableRandom;

/**
 * The items of an order event and their total, for every kind that writes one: the kinds differ only
 * in how a sku looks, so their quantities, prices and random draws stay alike.
 */
final class OrderItems {

    /** Writes one item's sku, drawing from the event's random after its quantity and price. */
    @FunctionalInterface
    interface Sku {
        void append(AsciiBuffer buffer, SplittableRandom random);
    }

    private OrderItems() {}

    /** Appends {@code ,"items":[...],"total":N.NN}: one to three items. */
    static void append(AsciiBuffer buffer, SplittableRandom random, Sku sku) {
        buffer.append(",\"items\":[");
        int items = 1 + random.nextInt(3);
        long total = 0;
        for (int i = 0; i < items; i++) {
            int quantity = 1 + random.nextInt(5);
            long unitCents = 199 + random.nextInt(9_800);
            total += quantity * unitCents;
            buffer.append(i == 0 ? "{\"sku\":\"" : ",{\"sku\":\"");
            sku.append(buffer, random);
            buffer.append("\",\"qty\":")
                    .append(quantity)
                    .append(",\"unitPrice\":")
                    .appendCents(unitCents)
                    .append('}');
        }
        buffer.append("],\"total\":").appendCents(total);
    }
}
