package dev.latencylab.core.payload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.api.settings.KeyStrategy;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class OrderEventGeneratorTest {

    private static final long NOW_MICROS = 1_763_769_600_123_456L;

    @Test
    void everyEventHasExactlyTheRequestedSizeFromTheMinimumUp() {
        OrderEventGenerator generator = new OrderEventGenerator("5f0c1a2b", 1);
        for (int size : new int[] {OrderEventGenerator.minimumPayloadBytes(), 400, 401, 1024, 100_000}) {
            for (long seq = 0; seq < 2_000; seq++) {
                assertThat(generator
                                .next(seq * 7919L, NOW_MICROS, size, KeyStrategy.ORDER_ID)
                                .value())
                        .hasSize(size);
            }
        }
    }

    @Test
    void theMinimumHoldsTheLargestFieldsWithTheLongestSequence() {
        OrderEventGenerator generator = new OrderEventGenerator("5f0c1a2b", 2);
        for (int i = 0; i < 50_000; i++) {
            assertThat(generator
                            .next(
                                    Long.MAX_VALUE - i,
                                    Long.MAX_VALUE,
                                    OrderEventGenerator.minimumPayloadBytes(),
                                    KeyStrategy.ORDER_ID)
                            .value())
                    .hasSize(OrderEventGenerator.minimumPayloadBytes());
        }
    }

    @Test
    void eventsAreJsonObjectsWithTheOrderFields() {
        String json = text(new OrderEventGenerator("abcd", 3)
                .next(42, NOW_MICROS, 400, KeyStrategy.ORDER_ID)
                .value());
        assertThat(json)
                .startsWith("{\"orderId\":\"abcd-0000000042\"")
                .endsWith("\"}")
                .contains(
                        "\"customerId\":\"C",
                        "\"createdAtMicros\":" + NOW_MICROS,
                        "\"items\":[{\"sku\":",
                        "\"total\":",
                        "\"shipping\":{\"country\":",
                        "\"note\":\"");
        assertThat(json.chars().filter(c -> c == '"').count() % 2).isZero();
    }

    @Test
    void everyRecordIsUniqueEvenWithTheSameSequence() {
        OrderEventGenerator generator = new OrderEventGenerator("abcd", 4);
        Set<String> notes = new HashSet<>();
        for (int i = 0; i < 1_000; i++) {
            String json = text(
                    generator.next(1, NOW_MICROS, 400, KeyStrategy.ORDER_ID).value());
            notes.add(json.substring(json.indexOf("\"note\"")));
        }
        assertThat(notes).hasSize(1_000);
    }

    @Test
    void payloadsCompressLikeTextNotLikeARepeatedBufferOrNoise() throws Exception {
        OrderEventGenerator generator = new OrderEventGenerator("abcd", 5);
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        for (int i = 0; i < 200; i++) {
            raw.write(
                    generator.next(i, NOW_MICROS + i, 400, KeyStrategy.ORDER_ID).value());
        }
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(zipped)) {
            gzip.write(raw.toByteArray());
        }
        double ratio = (double) raw.size() / zipped.size();
        // Identical records would compress far above 20x; random bytes would not compress at all.
        assertThat(ratio).isBetween(1.8, 8.0);
    }

    @Test
    void keysFollowTheStrategy() {
        OrderEvent byOrder = new OrderEventGenerator("abcd", 6).next(7, NOW_MICROS, 400, KeyStrategy.ORDER_ID);
        OrderEvent byCustomer = new OrderEventGenerator("abcd", 6).next(7, NOW_MICROS, 400, KeyStrategy.CUSTOMER_ID);
        assertThat(text(byOrder.key())).isEqualTo("abcd-0000000007");
        assertThat(text(byCustomer.key())).matches("C\\d{5}");
        assertThat(text(byCustomer.value())).contains("\"customerId\":\"" + text(byCustomer.key()) + "\"");
        assertThat(new OrderEventGenerator("abcd", 6)
                        .next(7, NOW_MICROS, 400, KeyStrategy.NONE)
                        .key())
                .isNull();
    }

    @Test
    void wordsEventsAreByteForByteWhatTheyWereBeforeThereWereOtherPayloadKinds() throws Exception {
        // The digest of these events as generated before the other kinds existed: words results
        // stay comparable with earlier runs.
        String before = "c01d72915f2ca6d8dac1bad27ce9d44e1811702d97cf9e2c25001821003b9bae";
        OrderEventGenerator generator = new OrderEventGenerator("5f0c1a2b", 20261123L);
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        int[] sizes = {360, 400, 1024, 100_000};
        for (int i = 0; i < 2_000; i++) {
            OrderEvent event = generator.next(i, NOW_MICROS + i, sizes[i % sizes.length], KeyStrategy.values()[i % 3]);
            if (event.key() != null) {
                digest.update(event.key());
            }
            digest.update(event.value());
        }
        assertThat(HexFormat.of().formatHex(digest.digest())).isEqualTo(before);
    }

    @Test
    void sizesOutsideTheLimitsAreRejected() {
        OrderEventGenerator generator = new OrderEventGenerator("abcd", 7);
        assertThatThrownBy(() -> generator.next(
                        1, NOW_MICROS, OrderEventGenerator.minimumPayloadBytes() - 1, KeyStrategy.ORDER_ID))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("payloadBytes");
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.US_ASCII);
    }
}
