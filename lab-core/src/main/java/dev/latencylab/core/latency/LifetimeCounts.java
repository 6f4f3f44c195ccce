package dev.latencylab.core.latency;

/**
 * What the recorder has counted since it was created, never reset and never taken back: the
 * values of Prometheus counters, which must only go up ({@code increase()} reads any drop as a
 * counter reset and inflates). A late arrival does not lower {@code lostDeclared}; it raises
 * {@code late}, so the records lost for good are {@code lostDeclared - late}.
 */
public record LifetimeCounts(
        long received,
        long lostDeclared,
        long late,
        long duplicated,
        long redelivered,
        long outOfOrder,
        long noHeader,
        long badHeader,
        long badPayload) {}
