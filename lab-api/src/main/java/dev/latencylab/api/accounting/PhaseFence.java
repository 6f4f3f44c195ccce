package dev.latencylab.api.accounting;

import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.api.latency.PartitionLedger;
import dev.latencylab.api.producer.PartitionAcks;
import dev.latencylab.api.producer.PhaseSends;
import java.util.ArrayList;
import java.util.List;

/**
 * A phase is closed when every record sent in it has an answer (acknowledged or failed) and the
 * consumer group has processed, in every partition, the highest offset acknowledged in it. Then
 * nothing of the phase can still arrive for the first time: what is missing is lost. This
 * replaces waiting a fixed time and hoping.
 */
public final class PhaseFence {

    private PhaseFence() {}

    public static boolean passed(PhaseSends sends, LedgerView ledger) {
        return sends.settled() && behind(sends, ledger).isEmpty();
    }

    /** What the fence still waits for, for the runner to say: unanswered sends and partitions behind. */
    public static String waitingFor(PhaseSends sends, LedgerView ledger) {
        List<String> waits = new ArrayList<>();
        if (!sends.settled()) {
            waits.add((sends.sent() - sends.acked() - sends.failed()) + " sends unanswered");
        }
        List<String> behind = behind(sends, ledger);
        if (!behind.isEmpty()) {
            waits.add("partitions behind: " + String.join(", ", behind));
        }
        return waits.isEmpty() ? "nothing" : String.join("; ", waits);
    }

    private static List<String> behind(PhaseSends sends, LedgerView ledger) {
        List<String> behind = new ArrayList<>();
        for (PartitionAcks acks : sends.partitions()) {
            long processed = ledger.partition(acks.partition())
                    .map(PartitionLedger::highestOffset)
                    .orElse(-1L);
            if (processed < acks.lastOffset()) {
                behind.add(acks.partition() + " (at " + processed + ", needs " + acks.lastOffset() + ")");
            }
        }
        return behind;
    }
}
