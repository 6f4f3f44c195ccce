package dev.latencylab.runner.run;

import dev.latencylab.runner.faults.FaultWatch;
import dev.latencylab.runner.faults.Outage;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.topics.TopicDisk;
import java.time.Instant;

/** Mutable progress of the phase being run, so an interruption knows how far it got. */
final class PhaseTracker {
    final int index;
    final int count;
    final Phase phase;
    final int phaseId;
    /** The phase's name, with its repeat when the scenario repeats ({@code linger-5#2}). */
    final String label;

    Instant startedAt;
    Instant measureStart;
    long sentAtStart;
    Instant lastPoll;
    long lastSent;
    /** The phase's own topic on disk once it was retired; null for the lab topic. */
    TopicDisk disk;
    /** From the phase's first fault step until it is closed. */
    FaultWatch faults;

    double thresholdMs;
    /** The phase's next fault step to carry out. */
    int nextFault;
    /** The node a {@code leader} kill or stop took down, for the {@code leader} restart. */
    int downLeader = -1;

    Outage outage;

    PhaseTracker(int index, int count, Phase phase, int phaseId, String label) {
        this.index = index;
        this.count = count;
        this.phase = phase;
        this.phaseId = phaseId;
        this.label = label;
    }

    PhaseRecord record(Instant end, long sentAtEnd, ClosedPhase closed, boolean complete) {
        return new PhaseRecord(
                index,
                phase,
                phaseId,
                startedAt,
                measureStart,
                end,
                sentAtStart,
                sentAtEnd,
                closed.latency(),
                closed.sends(),
                closed.counts(),
                closed.fenced(),
                closed.description(),
                disk,
                complete,
                outage);
    }
}
