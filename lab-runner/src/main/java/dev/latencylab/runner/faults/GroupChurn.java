package dev.latencylab.runner.faults;

import dev.latencylab.runner.topics.GroupAssignment;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The consumer group as its coordinator described it while a phase's consumer-app steps ran,
 * sampled with the rest of the {@link FaultWatch}: what a member joining, leaving or dying did to
 * who reads what.
 *
 * @param protocols the rebalance protocols the group ran (one, unless it was being migrated)
 * @param membersBefore members when the first step ran
 * @param membersMin the fewest members seen
 * @param membersMax the most members seen
 * @param membersAfter members when the phase closed
 * @param partitionsMoved times a partition was next held by another member than the one that last
 *     held it (a partition revoked and given back to the same member, as the classic eager protocol
 *     does to all, is not moved)
 * @param notStableSeconds time the coordinator showed the group in any state but stable (classic:
 *     preparing or completing a rebalance; consumer protocol: assigning or reconciling). Who held a
 *     partition is the coordinator's word too: a classic group keeps its last assignment while it
 *     rebalances, and a killed member holds its partitions until its session expires, so it is not
 *     who was reading; the stall is in the records.
 * @param samples descriptions asked for
 * @param failedSamples of which did not answer in time
 */
public record GroupChurn(
        String protocols,
        int membersBefore,
        int membersMin,
        int membersMax,
        int membersAfter,
        int partitionsMoved,
        double notStableSeconds,
        int samples,
        int failedSamples) {

    /** One description (null when it did not answer). */
    record Described(Instant at, GroupAssignment group) {}

    /** Null when no sample answered. */
    static GroupChurn of(List<Described> samples) {
        TreeSet<String> protocols = new TreeSet<>();
        Map<Integer, String> lastOwner = new HashMap<>();
        int before = -1;
        int min = Integer.MAX_VALUE;
        int max = 0;
        int after = 0;
        int moved = 0;
        int failed = 0;
        double notStable = 0;
        Described previous = null;
        for (Described s : samples) {
            GroupAssignment g = s.group();
            if (g == null) {
                failed++;
                continue;
            }
            protocols.add(g.type());
            before = before < 0 ? g.members() : before;
            min = Math.min(min, g.members());
            max = Math.max(max, g.members());
            after = g.members();
            for (Map.Entry<Integer, String> e : g.owners().entrySet()) {
                String last = lastOwner.put(e.getKey(), e.getValue());
                if (last != null && !last.equals(e.getValue())) {
                    moved++;
                }
            }
            if (previous != null) {
                // Charged to the interval whose end saw it: bounded by the sampling step.
                double dt = Duration.between(previous.at(), s.at()).toMillis() / 1000.0;
                if (!g.stable()) {
                    notStable += dt;
                }
            }
            previous = s;
        }
        if (before < 0) {
            return null;
        }
        return new GroupChurn(
                String.join(", ", protocols), before, min, max, after, moved, notStable, samples.size(), failed);
    }
}
