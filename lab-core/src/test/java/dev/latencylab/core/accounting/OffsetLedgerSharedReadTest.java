package dev.latencylab.core.accounting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.latency.LedgerView;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two consumer-app instances map one ledger file: one writes a partition it owns while the other
 * reads the whole ledger for the runner, with no lock between the two processes (two mappings of
 * one file here, as two processes have). A phase's count must never be read half-updated: the
 * runner reads the view once, at the phase's fence, while the next warm-up's records (gaps in the
 * phase's open segment) keep arriving.
 */
class OffsetLedgerSharedReadTest {

    private static final int PHASE = 7;
    private static final int RECORDS = 1_000;
    /** How long the reader reads while the writer writes. */
    private static final long READING_NANOS = 1_000_000_000L;
    /** Between two of the writer's records: 250,000 records/s, well above a partition's real rate. */
    private static final long BETWEEN_RECORDS_NANOS = 4_000;

    @TempDir
    Path dir;

    @Test
    void aReaderInAnotherProcessNeverSeesAPhaseCountHalfUpdated() throws Exception {
        Path file = dir.resolve("ledger.bin");
        OffsetLedger writer = OffsetLedger.open(file);
        OffsetLedger reader = OffsetLedger.open(file);
        for (long o = 0; o < RECORDS; o++) {
            writer.deliver(0, o, PHASE);
        }
        AtomicBoolean done = new AtomicBoolean();
        Thread warmUp = new Thread(() -> {
            // The next phase's warm-up: records of phase 0 inside the phase's open segment, each a gap.
            for (long o = RECORDS; !done.get(); o++) {
                writer.deliver(0, o, 0);
                long next = System.nanoTime() + BETWEEN_RECORDS_NANOS;
                while (System.nanoTime() < next) {
                    Thread.onSpinWait();
                }
            }
        });
        warmUp.start();
        List<Long> wrong = new ArrayList<>();
        long reads = 0;
        long gapsSeen;
        try {
            long end = System.nanoTime() + READING_NANOS;
            while (System.nanoTime() < end && wrong.size() < 5) {
                LedgerView view = reader.view();
                long delivered = view.delivered(PHASE);
                if (delivered != RECORDS) {
                    wrong.add(delivered);
                }
                reads++;
            }
        } finally {
            done.set(true);
            warmUp.join();
        }
        gapsSeen = reader.view().partition(0).orElseThrow().segments().get(0).gaps();
        assertThat(wrong).as("the phase's count as another process read it").isEmpty();
        // The test raced: many reads while the writer added many gaps.
        assertThat(reads).isGreaterThan(1_000);
        assertThat(gapsSeen).isGreaterThan(10_000);
    }
}
