package dev.latencylab.runner.run;

import dev.latencylab.api.accounting.PhaseCounts;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What makes a measured phase's counts unfit to report as its records' fate: the run stops on it, as
 * on a capacity reached, so its exit status says so. A loss is a finding, not a broken phase; records
 * nobody read, or counts that do not add up, say nothing about what Kafka did with them.
 */
final class BrokenPhase {

    private BrokenPhase() {}

    /** Why the phase labelled {@code label} is broken; empty when its counts hold. */
    static Optional<String> reason(String label, PhaseRecord record) {
        // A phase cut short before its window opened measured no share of anything.
        double seconds = record.measureStart() == null ? 0 : record.measured().toNanos() / 1e9;
        List<InstanceShares.Short> starved =
                InstanceShares.of(record.phase().settings(), seconds, record.description());
        if (!starved.isEmpty()) {
            InstanceShares.Short s = starved.get(0);
            return Optional.of(String.format(
                    Locale.ROOT,
                    "phase %s: producer instance %s of %d sent %.0f of its %.0f records/s (%.1f %%): the group's"
                            + " total hides it, and the phase measured an uneven load; the run stops",
                    label,
                    s.instance(),
                    s.instances(),
                    s.sentRate(),
                    s.targetRate(),
                    100 * s.share()));
        }
        PhaseCounts c = record.counts();
        if (c == null) {
            return Optional.empty();
        }
        if (c.unread() > 0) {
            return Optional.of("phase " + label + ": " + c.unread() + " of " + c.acked()
                    + " acknowledged records are unread, in partitions the consumer group has not read"
                    + (record.fenced() ? "" : " (or not yet, the phase could not be closed)")
                    + ": a dead consumer-app instance, an offline partition or a stalled consumer; whether they"
                    + " were lost cannot be told, and the run stops");
        }
        long given = c.acked() + c.storedDespiteFailure();
        long accounted = c.received() + c.lost() + c.unobserved() + c.unread();
        // At read_committed the aborted transactions' records are never given: a term of the sum.
        if (given != accounted && given - c.abortedRecords() != accounted) {
            return Optional.of("phase " + label + ": its counts do not add up: acked " + c.acked()
                    + (c.storedDespiteFailure() > 0 ? " + stored despite failure " + c.storedDespiteFailure() : "")
                    + " is not received " + c.received() + " + lost " + c.lost() + " + unobserved "
                    + c.unobserved() + " + unread " + c.unread()
                    + (c.abortedRecords() > 0 ? " (+ aborted " + c.abortedRecords() + ")" : "")
                    + " (the producer's partitions' acknowledgements disagree with its count); the run stops");
        }
        return Optional.empty();
    }
}
