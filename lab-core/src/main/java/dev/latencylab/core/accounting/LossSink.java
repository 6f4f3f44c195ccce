package dev.latencylab.core.accounting;

/** Told of every sequence number declared lost, with the phase that was in effect when its gap opened. */
@FunctionalInterface
public interface LossSink {
    void lost(int phaseId, long count);
}
