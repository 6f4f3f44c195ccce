package dev.latencylab.runner.results.summary;

import dev.latencylab.runner.results.collect.PhaseMetrics;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * How many brokers the phases of a run had CPU figures of, where a broker is told by its Prometheus
 * target: on the local stack each keeps its label all run, so a phase without one of them is told by
 * name; on a user's cluster one started again elsewhere is a new target, so a phase is held to the
 * number of brokers most phases had a figure of. Either way a phase missing a broker has no brokers'
 * total (summed over the others, it would read as the brokers' CPU).
 *
 * @param named every broker a phase had a figure of, where labels are stable (else empty)
 * @param usual the number most phases had a figure of, where labels are not stable; 0 when no phase had
 *     one or no number is the most common (a tie cannot tell a broker missed from one moved)
 * @param unsettled the warning for that tie
 */
record BrokerCounts(Set<String> named, int usual, Optional<String> unsettled) {

    static BrokerCounts of(Collection<PhaseMetrics> metrics, boolean labelsStable) {
        if (labelsStable) {
            Set<String> named = new TreeSet<>();
            metrics.forEach(m -> named.addAll(m.brokerCpu().keySet()));
            return new BrokerCounts(named, 0, Optional.empty());
        }
        Map<Integer, Long> phasesBySize = metrics.stream()
                .map(m -> m.brokerCpu().size())
                .filter(n -> n > 0)
                .collect(Collectors.groupingBy(n -> n, Collectors.counting()));
        long most =
                phasesBySize.values().stream().mapToLong(Long::longValue).max().orElse(0);
        List<Integer> mostCommon = phasesBySize.entrySet().stream()
                .filter(e -> e.getValue() == most)
                .map(Map.Entry::getKey)
                .toList();
        if (mostCommon.size() == 1 || phasesBySize.size() < 2) {
            return new BrokerCounts(Set.of(), mostCommon.size() == 1 ? mostCommon.get(0) : 0, Optional.empty());
        }
        return new BrokerCounts(
                Set.of(),
                0,
                Optional.of("phases had CPU figures of different numbers of brokers ("
                        + phasesBySize.keySet().stream()
                                .sorted()
                                .map(String::valueOf)
                                .collect(Collectors.joining(", "))
                        + "), none the most common: each phase's brokers' and total CPU are over the brokers"
                        + " Prometheus had figures of in its window"));
    }

    /** Whether a phase's figures ({@code had}, by broker) are of every broker: its brokers' total can be summed. */
    boolean complete(Map<String, Double> had) {
        return !had.isEmpty() && had.keySet().containsAll(named) && had.size() >= usual;
    }

    /**
     * The warning for a phase whose figures ({@code had}, by broker) miss a broker: one of {@link #named},
     * or fewer than {@link #usual}; none when it has them all, or none at all (said elsewhere).
     */
    Optional<String> missing(String phase, Map<String, Double> had) {
        if (had.isEmpty()) {
            return Optional.empty();
        }
        Set<String> missing = new TreeSet<>(named);
        missing.removeAll(had.keySet());
        if (!missing.isEmpty()) {
            return Optional.of("phase " + phase + ": Prometheus had no CPU figure of broker "
                    + String.join(", ", missing)
                    + " over its window (other phases had one): the brokers' and the total CPU are n/a");
        }
        return had.size() >= usual
                ? Optional.empty()
                : Optional.of("phase " + phase + ": Prometheus had CPU figures of " + had.size()
                        + " brokers over its window, where most phases had " + usual
                        + ": the brokers' and the total CPU are n/a");
    }
}
