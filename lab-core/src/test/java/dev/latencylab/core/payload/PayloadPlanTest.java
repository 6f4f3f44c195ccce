package dev.latencylab.core.payload;

import static dev.latencylab.core.payload.Plans.NOW_MICROS;
import static dev.latencylab.core.payload.Plans.orderEventShape;
import static dev.latencylab.core.payload.Plans.plan;
import static dev.latencylab.core.payload.Plans.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.PayloadKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class PayloadPlanTest {

    private static final int[] SIZES = {360, 400, 1024, 100_000};
    private static final Pattern STRING_FIELD = Pattern.compile("\"(\\w+)\":\"([^\"]*)\"");

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(
            value = PayloadKind.class,
            names = {"WORDS", "RANDOM_HEX", "HEX_RECORD", "FIXED"})
    void everyValueHasExactlyTheRequestedSize(PayloadKind kind) {
        OrderEventGenerator generator = new OrderEventGenerator("5f0c1a2b", 1);
        for (int size : SIZES) {
            PayloadPlan plan = plan(kind, size, KeyStrategy.ORDER_ID);
            for (long seq = 0; seq < 500; seq++) {
                assertThat(generator.next(seq * 7919L, NOW_MICROS, plan).value())
                        .hasSize(size);
            }
            // The longest sequence and timestamp: the fields still fit the minimum.
            assertThat(generator.next(Long.MAX_VALUE, Long.MAX_VALUE, plan).value())
                    .hasSize(size);
        }
    }

    @Test
    void wordsEventsAreValidJsonOfTheOrderShape() {
        OrderEventGenerator generator = new OrderEventGenerator("abcd", 2);
        Pattern words = orderEventShape("[A-Za-z0-9 -]*");
        for (int size : SIZES) {
            PayloadPlan plan = plan(PayloadKind.WORDS, size, KeyStrategy.ORDER_ID);
            for (int i = 0; i < 200; i++) {
                assertThat(text(generator.next(i, NOW_MICROS, plan).value())).matches(words);
            }
        }
    }

    @Test
    void wordsThroughAPlanAreTheWordsEventsOfTheSizeAndStrategy() {
        OrderEventGenerator byPlan = new OrderEventGenerator("abcd", 3);
        OrderEventGenerator bySize = new OrderEventGenerator("abcd", 3);
        PayloadPlan plan = plan(PayloadKind.WORDS, 1024, KeyStrategy.CUSTOMER_ID);
        for (int i = 0; i < 100; i++) {
            OrderEvent expected = bySize.next(i, NOW_MICROS, 1024, KeyStrategy.CUSTOMER_ID);
            OrderEvent actual = byPlan.next(i, NOW_MICROS, plan);
            assertThat(actual.key()).isEqualTo(expected.key());
            assertThat(actual.value()).isEqualTo(expected.value());
        }
    }

    @Test
    void randomHexEventsAreValidJsonOfTheOrderShapeWithHexOnlyStrings() {
        OrderEventGenerator generator = new OrderEventGenerator("abcd", 4);
        Pattern hex = orderEventShape("[0-9a-f]+");
        for (int size : SIZES) {
            PayloadPlan plan = plan(PayloadKind.RANDOM_HEX, size, KeyStrategy.ORDER_ID);
            for (int i = 0; i < 200; i++) {
                String json = text(generator.next(i, NOW_MICROS + i, plan).value());
                assertThat(json).matches(hex).contains("\"createdAtMicros\":" + (NOW_MICROS + i));
            }
        }
    }

    @Test
    void randomHexStringFieldsDifferBetweenRecords() {
        OrderEventGenerator generator = new OrderEventGenerator("abcd", 5);
        PayloadPlan plan = plan(PayloadKind.RANDOM_HEX, 400, KeyStrategy.ORDER_ID);
        Map<String, Set<String>> valuesByField = new HashMap<>();
        for (int i = 0; i < 1_000; i++) {
            Matcher field = STRING_FIELD.matcher(
                    text(generator.next(1, NOW_MICROS, plan).value()));
            while (field.find()) {
                valuesByField
                        .computeIfAbsent(field.group(1), f -> new HashSet<>())
                        .add(field.group(2));
            }
        }
        assertThat(valuesByField.get("orderId")).hasSize(1_000);
        assertThat(valuesByField.get("note")).hasSize(1_000);
        assertThat(valuesByField.get("customerId")).hasSizeGreaterThan(990);
        assertThat(valuesByField.get("sku")).hasSizeGreaterThan(990);
        assertThat(valuesByField.get("postcode")).hasSizeGreaterThan(900);
        // 4096 and 256 possible values.
        assertThat(valuesByField.get("currency")).hasSizeGreaterThan(800);
        assertThat(valuesByField.get("country")).hasSizeGreaterThan(200);
        assertThat(valuesByField.get("status")).containsExactly("NEW");
    }

    @Test
    void fixedSendsTheSameBytesForEveryRecord() {
        OrderEventGenerator generator = new OrderEventGenerator("abcd", 6);
        PayloadPlan plan = plan(PayloadKind.FIXED, 1024, KeyStrategy.ORDER_ID);
        byte[] first = generator.next(0, NOW_MICROS, plan).value();
        for (int i = 1; i < 1_000; i++) {
            assertThat(generator.next(i, NOW_MICROS + i, plan).value()).isSameAs(first);
        }
        assertThat(text(first)).matches(orderEventShape("[A-Za-z0-9 -]*"));
        assertThat(plan(PayloadKind.FIXED, 1024, KeyStrategy.NONE).fixedValue())
                .as("made the same way by every plan of the size")
                .isEqualTo(first);
        assertThat(plan(PayloadKind.FIXED, 400, KeyStrategy.ORDER_ID).fixedValue())
                .hasSize(400);
    }

    /** A sender reads the clock for a value's creation time only when the plan says the value holds it. */
    @Test
    void aPlanSaysWhetherItsValuesHoldTheirCreationTime() throws IOException {
        Path file = Files.writeString(dir.resolve("times.jsonl"), "{\"a\":1}\n");
        for (PayloadKind kind : PayloadKind.values()) {
            PayloadPlan plan = kind == PayloadKind.SAMPLE
                    ? Plans.sample(file, KeyStrategy.ORDER_ID)
                    : plan(kind, 400, KeyStrategy.ORDER_ID);
            byte[] earlier =
                    new OrderEventGenerator("abcd", 8).next(5, NOW_MICROS, plan).value();
            byte[] later = new OrderEventGenerator("abcd", 8)
                    .next(5, NOW_MICROS + 1_000_000, plan)
                    .value();
            assertThat(plan.writesCreationTime())
                    .as("%s: the same record a second later differs", kind)
                    .isEqualTo(!java.util.Arrays.equals(earlier, later));
        }
    }

    @Test
    void sampleCyclesThroughTheFileInOrderKeepingItsSizes() throws IOException {
        Path file = Files.writeString(dir.resolve("orders.jsonl"), "{\"a\":1}\n\n{\"bb\":22}\r\nnot json at all\n");
        OrderEventGenerator generator = new OrderEventGenerator("abcd", 7);
        PayloadPlan plan = Plans.sample(file, KeyStrategy.ORDER_ID);
        List<String> values = new ArrayList<>();
        for (long seq = 0; seq < 7; seq++) {
            values.add(text(generator.next(seq, NOW_MICROS, plan).value()));
        }
        assertThat(values)
                .containsExactly(
                        "{\"a\":1}",
                        "{\"bb\":22}",
                        "not json at all",
                        "{\"a\":1}",
                        "{\"bb\":22}",
                        "not json at all",
                        "{\"a\":1}");
        assertThat(text(generator.next(3_000_000_000_001L, NOW_MICROS, plan).value()))
                .as("record 3,000,000,000,001 mod 3")
                .isEqualTo("{\"bb\":22}");
        assertThat(plan.sample()).hasValueSatisfying(s -> assertThat(s.count()).isEqualTo(3));
    }

    @Test
    void sampleValuesHaveTheirRecordsSizesWhateverPayloadBytesSays() throws IOException {
        StringBuilder lines = new StringBuilder();
        for (int size : SIZES) {
            lines.append("{\"note\":\"").append("x".repeat(size - 11)).append("\"}\n");
        }
        Path file = Files.writeString(dir.resolve("sizes.jsonl"), lines);
        OrderEventGenerator generator = new OrderEventGenerator("abcd", 9);
        PayloadPlan plan = Plans.sample(file, KeyStrategy.ORDER_ID);

        for (int i = 0; i < SIZES.length * 3; i++) {
            assertThat(generator.next(i, NOW_MICROS, plan).value()).hasSize(SIZES[i % SIZES.length]);
        }
    }

    @Test
    void aSampleRecordHandedOutCannotChangeTheNextCycle() throws IOException {
        Path file = Files.writeString(dir.resolve("one.jsonl"), "{\"a\":1}\n");
        OrderEventGenerator generator = new OrderEventGenerator("abcd", 8);
        PayloadPlan plan = Plans.sample(file, KeyStrategy.NONE);

        generator.next(0, NOW_MICROS, plan).value()[1] = 'X';

        assertThat(text(generator.next(1, NOW_MICROS, plan).value())).isEqualTo("{\"a\":1}");
    }

    @Test
    void aSamplePlanRefusesAFileItCannotUseNamingPayloadFile() throws IOException {
        Path missing = dir.resolve("missing.jsonl");
        Path empty = Files.writeString(dir.resolve("empty.jsonl"), "\n\n");

        for (Path file : List.of(missing, empty, dir)) {
            assertThatThrownBy(() -> Plans.sample(file, KeyStrategy.ORDER_ID))
                    .isInstanceOfSatisfying(BadSettingsException.class, e -> assertThat(e.field())
                            .isEqualTo("payloadFile"))
                    .hasMessageContaining(file.toString());
        }
    }

    @Test
    void aPlanSaysWhatItMakes() throws IOException {
        Path file = Files.writeString(dir.resolve("orders.jsonl"), "{}\n");

        assertThat(plan(PayloadKind.RANDOM_HEX, 400, KeyStrategy.NONE))
                .hasToString("payload random-hex of 400 bytes, keys none");
        assertThat(Plans.sample(file, KeyStrategy.ORDER_ID).toString())
                .startsWith("payload sample of " + file)
                .endsWith("keys order-id");
    }
}
