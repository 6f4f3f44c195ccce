package dev.latencylab.core.accounting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.api.latency.OffsetSegment;
import dev.latencylab.api.latency.PartitionLedger;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OffsetLedgerTest {

    @TempDir
    Path dir;

    @Test
    void offsetsRunInSegmentsOfOnePhaseAndAReReadOffsetIsARedelivery() {
        OffsetLedger ledger = OffsetLedger.inMemory();
        for (long o = 100; o < 110; o++) {
            assertThat(ledger.deliver(2, o, 0)).isTrue();
        }
        for (long o = 110; o < 130; o++) {
            assertThat(ledger.deliver(2, o, 7)).isTrue();
        }
        assertThat(ledger.deliver(2, 105, 0)).isFalse();
        assertThat(ledger.deliver(2, 120, 7)).isFalse();
        assertThat(ledger.deliver(2, 99, 0)).isFalse(); // below the first offset: before the ledger

        LedgerView view = ledger.view();
        assertThat(view.partitions())
                .containsExactly(new PartitionLedger(
                        2, 100, 129, java.util.List.of(segment(0, 100, 109, 1), segment(7, 110, 129, 1))));
        assertThat(view.delivered(7)).isEqualTo(20);
        assertThat(view.redelivered(7)).isEqualTo(1);
        assertThat(view.redeliveredBeforeStart()).isEqualTo(1);
    }

    @Test
    void aGapInsideAPhaseIsCountedInTheSameSegmentAndAGapBetweenPhasesStartsANewOne() {
        OffsetLedger ledger = OffsetLedger.inMemory();
        ledger.deliver(0, 10, 4);
        ledger.deliver(0, 11, 4);
        ledger.deliver(0, 15, 4); // 12..14: a transaction's marker, aborted records, records without the header
        ledger.deliver(0, 16, 4);
        ledger.deliver(0, 20, 5);

        assertThat(ledger.view().partition(0).orElseThrow().segments())
                .containsExactly(new OffsetSegment(4, 10, 16, 0, 0, 3), segment(5, 20, 20, 0));
        assertThat(ledger.view().delivered(4)).isEqualTo(4);
        assertThat(ledger.deliver(0, 13, 4)).isFalse(); // below the highest: read before, whatever it held
    }

    @Test
    void aTransactionEveryFewRecordsFillsOneSegmentNotTheLedgersSixtyFour() {
        OffsetLedger ledger = OffsetLedger.inMemory();
        long offset = 0;
        for (int transaction = 0; transaction < 100_000; transaction++) {
            for (int r = 0; r < 3; r++) {
                ledger.deliver(0, offset++, 9);
            }
            offset++; // the commit marker
        }
        LedgerView view = ledger.view();
        assertThat(view.limitHit()).isNull();
        assertThat(view.partition(0).orElseThrow().segments()).hasSize(1);
        assertThat(view.delivered(9)).isEqualTo(300_000);
    }

    @Test
    void aKillBetweenAGapsStoresLeavesTheRecordUnprocessedAndItsSecondDeliveryCountsTheGapOnce() throws IOException {
        Path file = dir.resolve("ledger-gap.bin");
        OffsetLedger ledger = OffsetLedger.open(file);
        ledger.deliver(0, 0, 3);
        ledger.deliver(0, 1, 3);
        ledger.deliver(0, 5, 3); // a first gap, committed: 2..4
        ByteBuffer raw = rawStart(file);
        // Another process counts the next gap (6..8 before offset 9), then dies before the highest offset moves.
        new PartitionSegments(raw).addGap(PartitionSegments.segmentAt(64, 0), 5, 9, 3);

        assertThat(ledger.view().delivered(3)).isEqualTo(3);
        assertThat(ledger.deliver(0, 9, 3)).isTrue(); // read again by the instance that took over
        assertThat(ledger.view().partition(0).orElseThrow().segments())
                .containsExactly(new OffsetSegment(3, 0, 9, 0, 0, 6));
        assertThat(ledger.view().delivered(3)).isEqualTo(4);
    }

    @Test
    void theLedgerOutlivesTheProcessThatWroteItAndIsSharedByTheGroupsInstances() throws IOException {
        Path file = dir.resolve("ledger-group-topic.bin");
        OffsetLedger killed = OffsetLedger.open(file);
        for (long o = 0; o < 50; o++) {
            killed.deliver(0, o, 3);
            killed.deliver(1, o, 3);
        }
        // A second instance (or the restarted one) maps the same file and continues it:
        OffsetLedger next = OffsetLedger.open(file);
        assertThat(next.view().delivered(3)).isEqualTo(100);
        for (long o = 40; o < 60; o++) { // re-read from an older committed offset
            next.deliver(1, o, 3);
        }
        assertThat(next.view().redelivered(3)).isEqualTo(10);
        assertThat(next.view().delivered(3)).isEqualTo(110);
        assertThat(killed.view()).isEqualTo(next.view());

        next.clear();
        assertThat(killed.view().partitions()).isEmpty();
    }

    /**
     * Several producer-apps never switch phase at one instant: their records of a phase and of the
     * warm-ups around it alternate in a partition, for as long as a sender takes to hear of the switch.
     */
    @Test
    void aPhasesRecordsAlternatingWithWarmUpRecordsFillOneSegmentAndCountExactly() {
        OffsetLedger ledger = OffsetLedger.inMemory();
        ledger.deliver(0, 0, 0); // the warm-up before phase 7
        long phase7 = 0;
        long offset = 1;
        // Into the phase, through it, out of it: 100 times as many alternations as the ledger has segments.
        for (int i = 0; i < 100 * OffsetLedger.SEGMENTS; i++, offset++) {
            int phase = i % 2 == 0 ? 7 : 0;
            ledger.deliver(0, offset, phase);
            phase7 += phase == 7 ? 1 : 0;
        }
        ledger.deliver(0, offset + 2, 0); // two offsets no record was given at (a marker), then the warm-up
        ledger.deliver(0, offset + 3, 8); // the next phase opens its own segment

        LedgerView view = ledger.view();
        assertThat(view.limitHit()).isNull();
        assertThat(view.partition(0).orElseThrow().segments())
                .extracting(OffsetSegment::phase)
                .containsExactly(0, 7, 8);
        assertThat(view.delivered(7)).isEqualTo(phase7);
        assertThat(view.delivered(8)).isEqualTo(1);
    }

    /** Two counted phases alternating, which no runner does (a fence stands between two phases), still fill it. */
    @Test
    void twoCountedPhasesAlternatingInAPartitionOpenASegmentEachAndReachTheLimit() {
        OffsetLedger ledger = OffsetLedger.inMemory();
        for (long o = 0; o < OffsetLedger.SEGMENTS; o++) {
            ledger.deliver(0, o, o % 2 == 1 ? 7 : 6);
        }
        assertThat(ledger.view().partition(0).orElseThrow().segments()).hasSize(OffsetLedger.SEGMENTS);
        assertThat(ledger.view().limitHit()).isNull();

        // Neither phase is released: their segments cannot be merged.
        ledger.deliver(0, OffsetLedger.SEGMENTS, 6);

        assertThat(ledger.view().limitHit()).contains("records of phases interleaved in one partition");
    }

    @Test
    void aPartitionOutOfSegmentsSaysWhichLimitItHitAndKeepsTrackingOffsets() {
        OffsetLedger ledger = OffsetLedger.inMemory();
        for (int i = 0; i <= OffsetLedger.SEGMENTS; i++) {
            ledger.deliver(0, i, i + 1); // every record its own phase, none released: one segment each
        }
        assertThat(ledger.view().limitHit())
                .contains("partition 0 needed more than " + OffsetLedger.SEGMENTS + " offset segments");
        assertThat(ledger.view().partition(0).orElseThrow().highestOffset()).isEqualTo(OffsetLedger.SEGMENTS);
        assertThat(ledger.deliver(0, 3, 4)).isFalse();
    }

    @Test
    void releasedPhasesAndWarmUpsAreMergedWhenAPartitionNeedsRoomSoAnyNumberOfPhasesFitsAndCountsStayExact() {
        OffsetLedger ledger = OffsetLedger.inMemory();
        long offset = 0;
        for (int phase = 5_000; phase < 5_400; phase++) { // 400 phases, each after a warm-up, on 3 partitions
            for (int p = 0; p < 3; p++) {
                ledger.deliver(p, offset, 0);
                ledger.deliver(p, offset + 1, phase);
                ledger.deliver(p, offset + 2, phase);
            }
            offset += 3;
            assertThat(ledger.view().delivered(phase)).isEqualTo(6);
            ledger.release(phase);
        }
        LedgerView view = ledger.view();
        assertThat(view.limitHit()).isNull();
        assertThat(view.partition(0).orElseThrow().segments()).hasSizeLessThanOrEqualTo(OffsetLedger.SEGMENTS);
        assertThat(view.partition(0).orElseThrow().firstOffset()).isZero();
        // A released phase read again is still a redelivery, of no phase.
        assertThat(ledger.deliver(1, 7, 5_002)).isFalse();
        assertThat(ledger.view().redelivered(OffsetLedger.RELEASED)).isEqualTo(1);
    }

    @Test
    void aPartitionBeyondTheLedgersIsALimitHitNotASilentlyUncountedPartition() {
        OffsetLedger ledger = OffsetLedger.inMemory();
        ledger.deliver(OffsetLedger.MAX_PARTITIONS - 1, 0, 3);
        assertThat(ledger.view().delivered(3)).isEqualTo(1);
        assertThat(ledger.view().limitHit()).isNull();

        ledger.deliver(OffsetLedger.MAX_PARTITIONS, 0, 3);
        assertThat(ledger.view().limitHit()).contains("partition " + OffsetLedger.MAX_PARTITIONS + " is beyond");
        ledger.clear();
        assertThat(ledger.view().limitHit()).isNull();

        ledger.deliver(-1, 0, 3);
        assertThat(ledger.view().limitHit()).contains("partition -1 is beyond");
    }

    /** A clear starts the ledger's phases afresh: phases released before it are no longer merged. */
    @Test
    void aClearForgetsTheLimitHitTheRedeliveriesBeforeTheStartAndTheReleasedPhases() {
        OffsetLedger ledger = OffsetLedger.inMemory();
        ledger.deliver(OffsetLedger.MAX_PARTITIONS, 0, 3);
        ledger.deliver(1, 10, 3);
        ledger.deliver(1, 2, 3); // below the partition's first offset
        ledger.release(1_000);
        assertThat(ledger.view().redeliveredBeforeStart()).isEqualTo(1);

        ledger.clear();

        assertThat(ledger.view().limitHit()).isNull();
        assertThat(ledger.view().redeliveredBeforeStart()).isZero();
        for (int i = 0; i <= OffsetLedger.SEGMENTS; i++) {
            ledger.deliver(0, i, i + 1); // phases the release named before the clear: not released now
        }
        assertThat(ledger.view().limitHit()).contains("partition 0 needed more than");
    }

    @Test
    void theFirstLimitHitIsTheOneNamedWhateverComesAfter() {
        OffsetLedger ledger = OffsetLedger.inMemory();
        ledger.deliver(OffsetLedger.MAX_PARTITIONS, 0, 3);
        for (int i = 0; i <= OffsetLedger.SEGMENTS; i++) {
            ledger.deliver(0, i, i + 1);
        }
        assertThat(ledger.view().limitHit()).contains("partition " + OffsetLedger.MAX_PARTITIONS + " is beyond");
    }

    @Test
    void instancesThatMapOneFileShareOneIdentityAndAnotherFileHasAnother() throws IOException {
        OffsetLedger a = OffsetLedger.open(dir.resolve("one.bin"));
        OffsetLedger b = OffsetLedger.open(dir.resolve("one.bin"));
        OffsetLedger other = OffsetLedger.open(dir.resolve("two.bin"));
        assertThat(a.id()).isEqualTo(b.id()).isNotEqualTo(other.id());
    }

    @Test
    void redeliveriesFromBeforeTheStartCountedByTwoInstancesAtOnceAreAllCounted() throws Exception {
        // Two mappings of one file, as two consumer-app instances of a group on one host: each owns a
        // partition, both count in the shared header.
        OffsetLedger a = OffsetLedger.open(dir.resolve("shared.bin"));
        OffsetLedger b = OffsetLedger.open(dir.resolve("shared.bin"));
        int each = 200_000;
        Thread other = new Thread(() -> rereadBelowStart(b, 1, each));
        other.start();
        rereadBelowStart(a, 0, each);
        other.join();

        assertThat(a.view().redeliveredBeforeStart()).isEqualTo(2L * each);
    }

    private static void rereadBelowStart(OffsetLedger ledger, int partition, int times) {
        ledger.deliver(partition, 1_000, 1);
        for (int i = 0; i < times; i++) {
            ledger.deliver(partition, 5, 1);
        }
    }

    @Test
    void aLedgerOfOffsetsTheLogDoesNotHaveIsForgottenWhenThePartitionIsAssigned() {
        OffsetLedger ledger = OffsetLedger.inMemory();
        for (long o = 0; o < 500; o++) {
            ledger.deliver(0, o, 1);
            ledger.deliver(1, o, 1);
        }
        // Partition 0's log now ends at 40 (the topic was created again); partition 1's at 900 (it went on).
        assertThat(ledger.forgetIfBeyond(0, 40)).isTrue();
        assertThat(ledger.forgetIfBeyond(1, 900)).isFalse();
        assertThat(ledger.deliver(0, 0, 2)).isTrue();
        assertThat(ledger.view().partition(1).orElseThrow().highestOffset()).isEqualTo(499);
    }

    @Test
    void aPartitionAssignedBeforeItsFirstRecordStartsWhereItsReadingBeganTheOffsetsBeforeAsGaps() {
        OffsetLedger ledger = OffsetLedger.inMemory();
        // Partition 0 resumes at 100, another host's commit, at a transaction's marker: its first record is 101.
        ledger.readsFrom(0, 100);
        ledger.deliver(0, 101, 7);
        ledger.deliver(0, 102, 7);
        // Partition 1 was revoked before a record came; partition 2 resumes at its first record.
        ledger.readsFrom(1, 50);
        ledger.readsFrom(1, -1);
        ledger.deliver(1, 53, 7);
        ledger.readsFrom(2, 20);
        ledger.deliver(2, 20, 7);
        // Partition 3 resumes at its log's first offset, 0; partition 4 at an offset past its first record (a
        // seek back): the record's.
        ledger.readsFrom(3, 0);
        ledger.deliver(3, 2, 7);
        ledger.readsFrom(4, 60);
        ledger.deliver(4, 40, 7);
        // A partition past the ledger's: nothing to note (its records are a limit hit).
        ledger.readsFrom(OffsetLedger.MAX_PARTITIONS, 5);

        assertThat(ledger.view().partition(0).orElseThrow())
                .isEqualTo(new PartitionLedger(0, 100, 102, List.of(new OffsetSegment(7, 100, 102, 0, 0, 1))));
        assertThat(ledger.view().partition(1).orElseThrow().firstOffset()).isEqualTo(53);
        assertThat(ledger.view().partition(2).orElseThrow().segments()).containsExactly(segment(7, 20, 20, 0));
        assertThat(ledger.view().partition(3).orElseThrow().segments())
                .containsExactly(new OffsetSegment(7, 0, 2, 0, 0, 2));
        assertThat(ledger.view().partition(4).orElseThrow().segments()).containsExactly(segment(7, 40, 40, 0));
        assertThat(ledger.view().delivered(7)).isEqualTo(6);

        // Used once: after a clear (the runner's reset, reading going on), a first record starts its own segment.
        ledger.readsFrom(0, 300);
        ledger.clear();
        ledger.deliver(0, 305, 8);
        assertThat(ledger.view().partition(0).orElseThrow().firstOffset()).isEqualTo(305);
    }

    @Test
    void aSecondCopyIsCountedWithItsOffsetsSegmentAndSurvivesAMerge() {
        OffsetLedger ledger = OffsetLedger.inMemory();
        for (long o = 0; o < 10; o++) {
            ledger.deliver(0, o, 7);
        }
        ledger.duplicate(0, 4);
        ledger.duplicate(0, 9);
        assertThat(ledger.view().duplicated(7)).isEqualTo(2);
        ledger.release(7);
        for (int i = 0; i <= OffsetLedger.SEGMENTS; i++) { // forces a merge of phase 7 into RELEASED
            ledger.deliver(0, 100 + 2L * i, 8 + i);
        }
        assertThat(ledger.view().duplicated(OffsetLedger.RELEASED)).isEqualTo(2);
    }

    /**
     * A process killed in the middle of a merge leaves the partition's version odd and a stale copy
     * of a segment that had moved down: readers wait for the version to move, take the writer for
     * dead when it does not, drop the stale copy, and the partition's next writer repairs it.
     */
    @Test
    void aMergeCutShortByAKillIsReadWithoutItsStaleCopiesAndRepairedByTheNextWrite() throws IOException {
        Path file = dir.resolve("ledger-crash.bin");
        OffsetLedger ledger = OffsetLedger.open(file);
        ledger.deliver(0, 0, 5);
        ledger.deliver(0, 1, 5);
        ledger.deliver(0, 2, 6);
        ledger.deliver(0, 3, 6);
        ledger.deliver(0, 4, 7); // three segments: 5 [0-1], 6 [2-3], 7 [4-]
        ByteBuffer raw = rawStart(file);
        int base = 64;
        int segments = base + 24;
        // Mid-merge: segment 6 [2-3] was copied down over segment 5's slot, its old slot not yet reused.
        raw.putLong(segments + 8, 2);
        raw.putLong(segments + 16, 3);
        raw.putInt(segments, 6);
        raw.putLong(base + 16, raw.getLong(base + 16) + 1); // the version, odd: a merge ran
        long reading = System.nanoTime();
        LedgerView torn = ledger.view();
        assertThat(Duration.ofNanos(System.nanoTime() - reading))
                .as("a version left odd is first waited for: a live writer's would move")
                .isGreaterThanOrEqualTo(PartitionSegments.DEAD_WRITER);
        assertThat(torn.delivered(6))
                .as("the stale copy of phase 6 is not counted twice")
                .isEqualTo(2);

        ledger.deliver(0, 5, 7);
        assertThat(ledger.view().partition(0).orElseThrow().segments())
                .extracting(OffsetSegment::phase)
                .containsExactly(6, 7);
        assertThat(ledger.view().delivered(7)).isEqualTo(2);
    }

    /**
     * Every write repairs a partition a killed writer left odd before it writes, whichever write it
     * is: the version's parity must keep saying whether a write is under way, or readers in other
     * processes would wait out the dead writer's second on every read, or read a live one's half-write.
     */
    @Test
    void anyWriteAfterAWriterKilledMidWriteRepairsFirstSoTheVersionIsEvenAfterIt() throws IOException {
        Path file = dir.resolve("ledger-odd.bin");
        OffsetLedger ledger = OffsetLedger.open(file);
        ledger.deliver(0, 0, 5);
        ledger.deliver(0, 1, 5);
        ByteBuffer raw = rawStart(file);
        int version = 64 + 16;
        raw.putLong(version, raw.getLong(version) + 1); // a writer killed mid-write
        ledger.duplicate(0, 1);
        assertThat(raw.getLong(version) % 2)
                .as("the version after the write: even")
                .isZero();
        assertThat(ledger.view().duplicated(5)).isEqualTo(1);
    }

    @Test
    void aLinkPlantedInPlaceOfTheLedgerOrItsFolderIsRefusedNotFollowed() throws IOException {
        Path victim = dir.resolve("victim.txt");
        Files.writeString(victim, "not a ledger");
        Path ledgers = dir.resolve("ledgers");
        Files.createDirectory(
                ledgers, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path planted = ledgers.resolve(OffsetLedgers.fileName("ledger-g-lab.orders.bin"));
        Files.createSymbolicLink(planted, victim);

        assertThatThrownBy(() -> OffsetLedgers.inDirectory(ledgers, "g").forTopic("lab.orders"))
                .hasMessageContaining("cannot open the offset ledger of topic lab.orders")
                .hasRootCauseMessage("refusing the offset ledger " + planted + ": it is a symbolic link");
        assertThat(Files.readString(victim)).isEqualTo("not a ledger");

        Path linkedFolder = dir.resolve("linked");
        Files.createSymbolicLink(linkedFolder, ledgers);
        assertThatThrownBy(() -> OffsetLedgers.inDirectory(linkedFolder, "g").forTopic("lab.orders"))
                .hasRootCauseMessage(
                        "refusing the ledger folder " + linkedFolder
                                + ": not a folder (a symbolic link or a file); set lab.consumer.ledger-dir to a folder of your own");
    }

    @Test
    void aFolderOthersMayWriteToIsRefusedAndANewOneIsThisUsersAlone() throws IOException {
        Path shared = dir.resolve("shared");
        Files.createDirectory(
                shared, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxrwxrwx")));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertThatThrownBy(() -> OffsetLedgers.inDirectory(shared, "g").forTopic("lab.orders"))
                .hasRootCauseMessage("refusing the ledger folder " + shared
                        + ": others may write to it (rwxrwxrwx); chmod 700 it or set lab.consumer.ledger-dir");

        Path fresh = dir.resolve("fresh");
        OffsetLedgers.inDirectory(fresh, "g").forTopic("lab.orders").deliver(0, 0, 1);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(fresh)))
                .isEqualTo("rwx------");
    }

    @Test
    void theFoldersMadeOnTheWayToANewLedgerFolderAreThisUsersAloneToo() throws IOException {
        Path lab = dir.resolve("checkout").resolve(".lab");

        OffsetLedgers.inDirectory(lab.resolve("ledgers"), "g")
                .forTopic("lab.orders")
                .deliver(0, 0, 1);

        for (Path made : List.of(dir.resolve("checkout"), lab, lab.resolve("ledgers"))) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(made)))
                    .as(made.toString())
                    .isEqualTo("rwx------");
        }
    }

    private static OffsetSegment segment(int phase, long from, long to, long redelivered) {
        return new OffsetSegment(phase, from, to, redelivered);
    }

    /** The ledger file's first page as another process maps it (the mapping outlives the channel). */
    private static ByteBuffer rawStart(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            return channel.map(FileChannel.MapMode.READ_WRITE, 0, 4096).order(ByteOrder.nativeOrder());
        }
    }
}
