package dev.latencylab.runner.topics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.producer.PartitionAcks;
import dev.latencylab.api.producer.PhaseSends;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TopicRetentionTest {

    private static final long GIB = 1L << 30;
    /** The local stack's brokers: 1 GiB per partition, one hour. */
    private static final TopicRetention LAB_STACK =
            new TopicRetention("lab.orders", 3, GIB, Duration.ofHours(1).toMillis(), false);

    @Test
    void aBacklogWithinRetentionBytesPerPartitionIsKept() {
        // 5,000,000 x 500 B over 3 partitions: 833 MB each.
        assertThat(LAB_STACK.backlogRefusal("b", 5_000_000, 400, Duration.ofMinutes(5), Duration.ofMinutes(2)))
                .isEmpty();
    }

    @Test
    void aBacklogPastRetentionBytesPerPartitionIsRefusedWithItsSizes() {
        // 5,000,000 x 1,100 B over 3 partitions: 1.71 GiB each, past 1 GiB.
        assertThat(LAB_STACK.backlogRefusal(
                        "phase big's backlog", 5_000_000, 1_000, Duration.ofMinutes(5), Duration.ofMinutes(2)))
                .hasValueSatisfying(m -> assertThat(m)
                        .startsWith("phase big's backlog: 5,000,000 records of about 1,100 B each")
                        .contains("1.71 GiB per partition of topic lab.orders's 3")
                        .contains("past its retention.bytes of 1.00 GiB")
                        .contains("count them lost"));
        // The same records over 6 partitions fit.
        assertThat(new TopicRetention("t", 6, GIB, -1, false)
                        .backlogRefusal("b", 5_000_000, 1_000, null, Duration.ZERO))
                .isEmpty();
    }

    @Test
    void aBacklogWhoseFirstRecordsOutliveRetentionMsIsRefused() {
        // 5,000,000 at 1,000 records/s: 83 minutes to write, past one hour.
        assertThat(LAB_STACK.backlogRefusal(
                        "phase slow's backlog",
                        5_000_000,
                        400,
                        Duration.ofSeconds(5_000_000 / 1_000),
                        Duration.ofMinutes(2)))
                .hasValueSatisfying(m -> assertThat(m)
                        .contains(
                                "phase slow's backlog: 5,000,000 records take about 1h23m20s to write, and the drain may take 2m more")
                        .contains("retention.ms of 1h"));
        // Written within the hour with its drain bound: kept.
        assertThat(LAB_STACK.backlogRefusal("b", 1_000_000, 400, Duration.ofMinutes(50), Duration.ofMinutes(9)))
                .isEmpty();
        // Written as fast as the producer can (compare): no time to check.
        assertThat(LAB_STACK.backlogRefusal("b", 1_000_000, 400, null, Duration.ofMinutes(90)))
                .isEmpty();
    }

    @Test
    void noRetentionKeepsAnyBacklogButCompactionKeepsNone() {
        TopicRetention none = new TopicRetention("t", 1, -1, -1, false);
        assertThat(none.backlogRefusal("b", 100_000_000, 100_000, Duration.ofDays(7), Duration.ofDays(7)))
                .isEmpty();
        assertThat(new TopicRetention("lab.orders.compacted", 3, -1, -1, true)
                        .backlogRefusal("b", 10, 400, null, Duration.ZERO))
                .hasValueSatisfying(m -> assertThat(m).contains("lab.orders.compacted, whose cleanup.policy compacts"));
    }

    @Test
    void partitionsWhoseLogStartsPastThePhasesFirstRecordAreNamedWithBothOffsets() {
        PhaseSends sends = new PhaseSends(
                7,
                "lab.orders.trimmed",
                700_087,
                700_087,
                0,
                null,
                List.of(
                        new PartitionAcks(0, 233_000, 3, 232_997, 0, 232_997),
                        new PartitionAcks(1, 233_500, 2, 233_531, 0, 233_531),
                        new PartitionAcks(2, 233_587, 0, 233_556, 0, 233_556)),
                null,
                null);

        assertThat(TopicRetention.deletedUnread(sends, Map.of(0, 104_389L, 1, 2L, 2, 110_000L)))
                .hasValueSatisfying(w -> assertThat(w)
                        .startsWith("Kafka no longer holds the phase's first records of lab.orders.trimmed in"
                                + " partitions 0 (the log starts at 104,389; the phase's first record was at 3), 2 (")
                        .doesNotContain(
                                "partitions 0 (the log starts at 104,389; the phase's first record was at 3)," + " 1 (")
                        .contains("counted unread or lost"));
        // Every log starting at or before the phase's first record: nothing was deleted of it.
        assertThat(TopicRetention.deletedUnread(sends, Map.of(0, 3L, 1, 0L, 2, 0L)))
                .isEmpty();
    }
}
