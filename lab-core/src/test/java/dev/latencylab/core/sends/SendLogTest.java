package dev.latencylab.core.sends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.latencylab.api.producer.PartitionAcks;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.producer.SenderTime;
import dev.latencylab.api.producer.TransactionCounts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SendLogTest {

    private final SendLog log = new SendLog();

    @Test
    void aPhaseCountsItsSendsAnswersAndTheOffsetsAcknowledgedPerPartition() {
        PhaseTally phase = log.phase(7, "lab.orders");
        for (int i = 0; i < 5; i++) {
            phase.sent(1_000L * i);
        }
        phase.acked(2, 105); // answers arrive in any order across partitions
        phase.acked(0, 40);
        phase.acked(2, 104);
        phase.acked(0, 41);
        phase.failed();

        PhaseSends view = log.view().get(0);
        assertThat(view.phase()).isEqualTo(7);
        assertThat(view.sent()).isEqualTo(5);
        assertThat(view.acked()).isEqualTo(4);
        assertThat(view.failed()).isEqualTo(1);
        assertThat(view.settled()).isTrue();
        assertThat(view.partitions())
                .containsExactly(new PartitionAcks(0, 2, 40, 41), new PartitionAcks(2, 2, 104, 105));
        assertThat(view.publishDelayMs().max()).isEqualTo(4.0, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void recordsSentUnthrottledAreCountedWithoutAPublishDelay() {
        PhaseTally phase = log.phase(8, "lab.orders");
        phase.sentUnpaced();
        phase.sentUnpaced();

        PhaseSends view = log.view().get(0);
        assertThat(view.sent()).isEqualTo(2);
        assertThat(view.publishDelayMs()).as("none measured, not 0 ms").isNull();
    }

    @Test
    void aPhasesTransactionsSayWhichRecordsAreAbortedAndWhereTheLastCommittedOneIs() {
        PhaseTally phase = log.phase(7, "lab.orders");
        TransactionAcks committed = new TransactionAcks();
        TransactionAcks aborted = new TransactionAcks();
        for (long offset = 10; offset < 13; offset++) { // the committed transaction: 10..12, marker at 13
            phase.sent(0);
            phase.acked(0, offset, true);
            committed.acked(0, offset, -1);
        }
        phase.committed(committed, 2_000_000);
        for (long offset = 14; offset < 16; offset++) { // the aborted one: 14..15 in partition 0, 3 in partition 1
            phase.sent(0);
            phase.acked(0, offset, true);
            aborted.acked(0, offset, -1);
        }
        phase.sent(0);
        phase.acked(1, 3, true);
        aborted.acked(1, 3, -1);
        phase.aborted(aborted, 4_000_000);

        PhaseSends view = log.view().get(0);
        assertThat(view.acked()).isEqualTo(6);
        assertThat(view.transactions()).isEqualTo(new TransactionCounts(1, 1, 3, 6.0));
        assertThat(view.transactions().meanEndingMs()).isEqualTo(3.0);
        assertThat(view.partitions())
                .containsExactly(new PartitionAcks(0, 5, 10, 15, 2, 12), new PartitionAcks(1, 1, 3, 3, 1, -1));
        assertThat(view.committed().partitions())
                .containsExactly(new PartitionAcks(0, 3, 10, 12, 0, 12), new PartitionAcks(1, 0, 3, -1, 0, -1));
    }

    @Test
    void theLoadBetweenPhasesIsNotListedAndOnlyTheMostRecentPhasesAreKept() {
        log.phase(0, "lab.orders").sent(0);
        for (int id = 1; id <= ProducerStatus.PHASES_KEPT + 3; id++) {
            log.phase(id, "lab.orders").sent(0);
        }
        assertThat(log.view()).hasSize(ProducerStatus.PHASES_KEPT);
        assertThat(log.view().get(0).phase()).isEqualTo(4);
        assertThat(log.view()).noneMatch(p -> p.phase() == 0);
    }

    @Test
    void eachPhaseSaysWhereTheSenderThreadsTimeWentWhileItWasTheCurrentOne() throws InterruptedException {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/schedstat")), "Linux scheduler statistics");
        log.watchCurrentThread();
        log.phase(7, "lab.orders");
        spin(Duration.ofMillis(150));
        log.phase(8, "lab.orders");
        Thread.sleep(150);
        log.phase(7, "lab.orders"); // a phase id that comes back adds to what it had
        spin(Duration.ofMillis(50));
        log.phase(9, "lab.orders");

        SenderTime busy = log.view().get(0).senderTime();
        SenderTime idle = log.view().get(1).senderTime();
        assertThat(busy.seconds()).isBetween(0.19, 1.0);
        assertThat(idle.seconds()).isBetween(0.14, 1.0);
        // The spinning phase ran on a CPU or waited for one nearly all its time; the sleeping one hardly ran.
        assertThat(busy.onCpuMs() + busy.waitingForCpuMs()).isGreaterThan(150.0);
        // On a loaded machine the spinning thread waits for a CPU much of its time: both count as "wanted to run".
        assertThat(idle.onCpuMs()).isLessThan(busy.onCpuMs() + busy.waitingForCpuMs() - 50);
        assertThat(log.view().get(2).senderTime().seconds()).isLessThan(0.5); // the current phase, so far
    }

    private static void spin(Duration d) {
        long end = System.nanoTime() + d.toNanos();
        long x = 0;
        while (System.nanoTime() < end) {
            x += Long.numberOfTrailingZeros(x + 1);
        }
        assertThat(x).isNotNegative();
    }
}
