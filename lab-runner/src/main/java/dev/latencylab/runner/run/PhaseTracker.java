package dev.latencylab.runner.run;

import dev.latencylab.runner.faults.FaultWatch;
import dev.latencylab.runner.faults.Outage;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.topics.TopicDisk;
import java.time.Instant;

/** Mutable progress of the phase being run, so an interruption knows how far it got. */
public final class PhaseTracker {
    public final int index;
    public final int count;
    public final Phase phase;
    public final int phaseId;
    /** The phase's name, with its repeat when the scenario repeats ({@code linger-5#2}). */
    public final String label;

    public Instant startedAt;
    public Instant measureStart;
    public long sentAtStart;
    public Instant lastPoll;
    public long lastSent;
    /** The phase's own topic on disk once it was retired; null for the lab topic. */
    public TopicDisk disk;
    /** From the phase's first fault step until it is closed. */
    FaultWatch faults;

    double thresholdMs;
    /** The phase's next fault step to carry out. */
    public int nextFault;
    /** The node a {@code leader} kill or stop took down, for the {@code leader} restart. */
    int downLeader = -1;

    Outage outage;

    public PhaseTracker(int index, int count, Phase phase, int phaseId, String label) {
        this.index = index;
        this.count = count;
        this.phase = phase;
        this.phaseId = phaseId;
        this.label = label;
    }

    public PhaseRecord record(Instant end, long sentAtEnd, ClosedPhase closed, boolean complete) {
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
