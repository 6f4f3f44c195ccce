package dev.latencylab.core.latency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.latency.KeyOrder;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class KeyOrderTableTest {

    private static final UUID PRODUCER = UUID.fromString("00000000-0000-0000-0000-000000000001");
    private static final UUID OTHER = UUID.fromString("00000000-0000-0000-0000-000000000002");

    private final KeyOrderTable table = new KeyOrderTable();

    @Test
    void aKeyWhoseRecordCameAfterALaterOneIsOutOfOrderOnceHoweverOftenItHappens() {
        record(PRODUCER, key("C00001"), 10);
        record(PRODUCER, key("C00001"), 12);
        record(PRODUCER, key("C00002"), 11);
        record(PRODUCER, key("C00001"), 11);
        record(PRODUCER, key("C00001"), 9);
        record(PRODUCER, key("C00002"), 13);

        record(PRODUCER, key("C00003"), 14);

        assertThat(table.view()).isEqualTo(new KeyOrder(3, 2, 1, 0));
        assertThat(table.view().outOfOrderShare())
                .as("of the keys with two records or more")
                .isEqualTo(0.5);
    }

    @Test
    void theSameKeyFromTwoProducersIsTwoKeysWhoseSequencesAreNotCompared() {
        record(PRODUCER, key("C00001"), 100);
        record(OTHER, key("C00001"), 5);
        record(OTHER, key("C00001"), 6);

        assertThat(table.view()).isEqualTo(new KeyOrder(2, 1, 0, 0));
    }

    /** Order ids (20 bytes, the default key strategy's length): hashed a word at a time, none taken for another. */
    @Test
    void longKeysDifferingInAnyByteAreDistinctKeys() {
        int n = KeyOrderTable.MAX_KEYS;
        for (int i = 0; i < n; i++) {
            // The counter in the first word, the middle one or the tail, by turns.
            String digits = String.format("%06d", i);
            String id =
                    switch (i % 3) {
                        case 0 -> digits + "-ORD-abcdefghi";
                        case 1 -> "ORD-ab" + digits + "cdefghi";
                        default -> "ORD-abcdefghi-" + digits;
                    };
            record(PRODUCER, key(id), i);
        }
        record(PRODUCER, key("000000-ORD-abcdefghi"), 0);

        assertThat(table.view()).isEqualTo(new KeyOrder(n, 1, 0, 0));
    }

    @Test
    void recordsWithoutAKeyAreNotCounted() {
        record(PRODUCER, null, 1);
        record(PRODUCER, null, 0);

        assertThat(table.view()).isEqualTo(KeyOrder.NONE);
        assertThat(table.view().outOfOrderShare()).isNull();
    }

    @Test
    void pastItsCapacityNewKeysAreCountedAsUntrackedAndKnownOnesAreStillChecked() {
        int max = KeyOrderTable.MAX_KEYS;
        for (int i = 0; i < max; i++) {
            record(PRODUCER, key("K" + i), 1_000 + i);
        }
        record(PRODUCER, key("K" + max), 1);
        record(PRODUCER, key("K" + (max + 1)), 2);
        // Every key survived the table's growth with its highest sequence.
        for (int i = 0; i < max; i += 97) {
            record(PRODUCER, key("K" + i), 999 + i);
        }

        KeyOrder view = table.view();
        assertThat(view.keys()).isEqualTo(max);
        assertThat(view.untracked()).isEqualTo(2);
        assertThat(view.outOfOrder()).isEqualTo((max + 96) / 97);
        assertThat(view.repeated()).isEqualTo((max + 96) / 97);
    }

    /** A drain of unique order ids: once the table is full, a new key costs a bit test, not a hash and a probe. */
    @Test
    void pastItsCapacityMostNewKeysAreToldFromTrackedOnesByTheirSketchAlone() {
        int max = KeyOrderTable.MAX_KEYS;
        for (int i = 0; i < max; i++) {
            record(PRODUCER, orderId(i), i);
        }
        int passed = 0;
        int newKeys = 10_000;
        for (int i = max; i < max + newKeys; i++) {
            if (sketched(PRODUCER, orderId(i))) {
                passed++;
            }
        }

        assertThat(passed)
                .as("new keys that go on to the table's hash and probe")
                .isLessThan(newKeys / 10);
        for (int i = 0; i < max; i++) {
            assertThat(sketched(PRODUCER, orderId(i)))
                    .as("a tracked key is never taken for a new one")
                    .isTrue();
        }
    }

    @Test
    void recordsProcessedWhereOrderCannotBreakAreCountedAsNotCheckedAndTrackNoKey() {
        table.inOrder(key("C00001"));
        table.inOrder(key("C00001"));
        table.inOrder(null);

        assertThat(table.view()).isEqualTo(new KeyOrder(0, 0, 0, 0, 2));
        table.reset();
        assertThat(table.view()).isEqualTo(KeyOrder.NONE);
    }

    @Test
    void aResetForgetsTheKeys() {
        record(PRODUCER, key("C00001"), 10);
        table.reset();
        record(PRODUCER, key("C00001"), 5);

        assertThat(table.view()).isEqualTo(new KeyOrder(1, 0, 0, 0));
    }

    /** 20 bytes, the counter in hex in the last 16 (as the default key strategy's order ids vary). */
    private static byte[] orderId(long n) {
        return key(String.format("ORD-%016x", n));
    }

    private boolean sketched(UUID producer, byte[] key) {
        return table.sketched(
                KeyOrderTable.sketch(producer.getMostSignificantBits(), producer.getLeastSignificantBits(), key));
    }

    private static byte[] key(String k) {
        return k.getBytes(StandardCharsets.US_ASCII);
    }

    private void record(UUID producer, byte[] key, long sequence) {
        table.record(producer.getMostSignificantBits(), producer.getLeastSignificantBits(), key, sequence);
    }
}
