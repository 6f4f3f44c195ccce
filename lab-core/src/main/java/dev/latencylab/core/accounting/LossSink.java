package dev.latencylab.core.accounting;

/**
 * Told of every sequence number declared lost, with the phase that was in effect when its gap
 * opened; and of every one that turned up late after all, with the same phase and a count of -1,
 * so a phase's losses are taken back where they were counted.
 */
@FunctionalInterface
public interface LossSink {
    void lost(int phaseId, long count);
}
