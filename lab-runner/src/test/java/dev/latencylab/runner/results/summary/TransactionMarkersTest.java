package dev.latencylab.runner.results.summary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.latencylab.api.producer.PartitionAcks;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.runner.topics.TopicDisk;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TransactionMarkersTest {

    private static final ProducerSettings PLAIN =
            new ProducerSettings(5, 16_384, Compression.NONE, 2_000, 400, KeyStrategy.ORDER_ID);
    private static final ProducerSettings IN_TRANSACTIONS =
            PLAIN.apply(SettingsChange.read(Map.of("transactionMs", 10)).settings());

    /**
     * 10 ms transactions at 2,000 records/s over 3 partitions: 20 records and 3 markers a transaction, so of
     * each partition's 115 offsets 100 are records.
     */
    private static final PhaseSends SENDS = new PhaseSends(
            7,
            "lab.orders.tx",
            300,
            300,
            0,
            null,
            List.of(
                    new PartitionAcks(0, 100, 0, 114, 0, 114),
                    new PartitionAcks(1, 100, 0, 114, 0, 114),
                    new PartitionAcks(2, 100, 0, 114, 0, 114)),
            null,
            null);

    @Test
    void aTransactionalPhasesMarkersAreNotCountedAsRecordsButTheirBytesStay() {
        // The topic's offsets, warm-up included: 2,300, of which 2,000 records.
        TopicDisk disk = new TopicDisk("lab.orders.tx", 3, 1_150_000, 2_300);

        PhaseSummary.Disk d = TransactionMarkers.disk(disk, IN_TRANSACTIONS, SENDS);

        assertThat(d.records()).isEqualTo(2_000);
        assertThat(d.bytesPerRecord()).as("not 500 B over the offsets").isCloseTo(575.0, within(1e-9));
        assertThat(d.bytes()).isEqualTo(1_150_000);
    }

    @Test
    void aPhaseWithoutTransactionsIsAsMeasured() {
        PhaseSummary.Disk d = TransactionMarkers.disk(new TopicDisk("lab.orders.p", 3, 1_000_000, 2_000), PLAIN, null);

        assertThat(d.records()).isEqualTo(2_000);
        assertThat(d.bytesPerRecord()).isEqualTo(500.0);
    }

    @Test
    void aTransactionalPhaseWhoseSendsDoNotSayWhereItsRecordsWentHasNoBytesPerRecord() {
        PhaseSummary.Disk d =
                TransactionMarkers.disk(new TopicDisk("lab.orders.tx", 3, 1_150_000, 2_300), IN_TRANSACTIONS, null);

        assertThat(d.bytesPerRecord()).isNull();
        assertThat(d.records()).isEqualTo(2_300);
    }
}
