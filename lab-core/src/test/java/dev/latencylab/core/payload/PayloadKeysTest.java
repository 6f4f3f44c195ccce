package dev.latencylab.core.payload;

import static dev.latencylab.core.payload.Plans.NOW_MICROS;
import static dev.latencylab.core.payload.Plans.plan;
import static dev.latencylab.core.payload.Plans.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.PayloadKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The payload kind changes the values, never the keys: partitioning stays what it was. */
class PayloadKeysTest {

    private static final long[] SEQUENCES = {0, 1, 2, 42, 9_999_999_999L, 10_000_000_000L, Long.MAX_VALUE};

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(KeyStrategy.class)
    void everyKindButWordsGivesASequenceTheSameKey(KeyStrategy keys) throws IOException {
        List<List<String>> keysByKind = new ArrayList<>();
        for (PayloadPlan plan : List.of(
                plan(PayloadKind.RANDOM_HEX, 400, keys),
                plan(PayloadKind.FIXED, 400, keys),
                Plans.sample(sampleFile(), keys))) {
            OrderEventGenerator generator = new OrderEventGenerator("5f0c1a2b", 11);
            List<String> made = new ArrayList<>();
            for (long seq : SEQUENCES) {
                made.add(text(generator.next(seq, NOW_MICROS, plan).key()));
            }
            keysByKind.add(made);
        }
        assertThat(keysByKind.get(1)).isEqualTo(keysByKind.get(0));
        assertThat(keysByKind.get(2)).isEqualTo(keysByKind.get(0));
    }

    @ParameterizedTest
    @EnumSource(
            value = KeyStrategy.class,
            names = {"ORDER_ID", "NONE"})
    void wordsGiveASequenceTheSameOrderIdOrNoKeyAsEveryOtherKind(KeyStrategy keys) {
        OrderEventGenerator words = new OrderEventGenerator("5f0c1a2b", 12);
        OrderEventGenerator hex = new OrderEventGenerator("5f0c1a2b", 12);
        for (long seq : SEQUENCES) {
            assertThat(hex.next(seq, NOW_MICROS, plan(PayloadKind.RANDOM_HEX, 400, keys))
                            .key())
                    .isEqualTo(words.next(seq, NOW_MICROS, plan(PayloadKind.WORDS, 400, keys))
                            .key());
        }
        assertThat(text(hex.next(42, NOW_MICROS, plan(PayloadKind.FIXED, 400, keys))
                        .key()))
                .isEqualTo(keys == KeyStrategy.NONE ? null : "5f0c1a2b-0000000042");
    }

    @Test
    void aSequencesCustomerDoesNotDependOnWhatWasGeneratedBefore() {
        OrderEventGenerator busy = new OrderEventGenerator("abcd", 13);
        OrderEventGenerator fresh = new OrderEventGenerator("abcd", 13);
        PayloadPlan hex = plan(PayloadKind.RANDOM_HEX, 1024, KeyStrategy.CUSTOMER_ID);
        for (int i = 0; i < 100; i++) {
            busy.next(i, NOW_MICROS, hex);
        }
        assertThat(busy.next(500, NOW_MICROS, hex).key())
                .isEqualTo(fresh.next(500, NOW_MICROS, plan(PayloadKind.FIXED, 400, KeyStrategy.CUSTOMER_ID))
                        .key());
    }

    @ParameterizedTest
    @EnumSource(PayloadKind.class)
    void customersAreTheWordsEventsPoolSpreadEvenly(PayloadKind kind) throws IOException {
        PayloadPlan plan = kind == PayloadKind.SAMPLE
                ? Plans.sample(sampleFile(), KeyStrategy.CUSTOMER_ID)
                : plan(kind, 400, KeyStrategy.CUSTOMER_ID);
        OrderEventGenerator generator = new OrderEventGenerator("abcd", 14);
        Set<String> customers = new HashSet<>();
        int[] byTenth = new int[10];
        for (int seq = 0; seq < 50_000; seq++) {
            String customer = text(generator.next(seq, NOW_MICROS, plan).key());
            assertThat(customer).matches("C\\d{5}");
            int number = Integer.parseInt(customer.substring(1));
            assertThat(number).isLessThan(10_000);
            customers.add(customer);
            byTenth[number / 1_000]++;
        }
        // 50,000 draws from 10,000 customers reach 99.3 % of them; each tenth of the pool gets ~5,000.
        assertThat(customers).hasSizeGreaterThan(9_800);
        assertThat(Arrays.stream(byTenth).boxed().toList())
                .allSatisfy(n -> assertThat(n).isBetween(4_600, 5_400));
    }

    private Path sampleFile() throws IOException {
        return Files.writeString(dir.resolve("sample.jsonl"), "{\"a\":1}\n{\"b\":2}\n");
    }
}
