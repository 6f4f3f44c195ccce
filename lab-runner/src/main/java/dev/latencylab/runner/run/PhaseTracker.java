package dev.latencylab.runner.run;

import dev.latencylab.runner.faults.FaultWatch;
import dev.latencylab.runner.faults.Outage;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.TimedFault;
import dev.latencylab.runner.topics.TopicDisk;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/** Mutable progress of the phase being run, so an interruption knows how far it got. */
public final class PhaseTracker {
    public final int index;
    public final int count;
    public final Phase phase;
    public final int phaseId;
    /** The phase's name, with its repeat when the scenario repeats ({@code linger-5#2}). */
    public final String label;

    private Instant startedAt;
    private Instant measureStart;
    private long sentAtStart;
    private Instant lastPoll;
    private long lastSent;
    /** Null while the window is open (or not yet open). */
    private Instant windowEnd;

    private long sentAtWindowEnd;
    /** The phase's own topic on disk once it was retired; null for the lab topic. */
    private TopicDisk disk;
    /** From the phase's first fault step until it is closed. */
    FaultWatch faults;

    /** The slowest record of the phase before its first fault step; null when none had been timed by then. */
    Double thresholdMs;
    /** What the consumer's slow-record watch counts above: without a baseline, every record. */
    double watchAboveMs() {
        return thresholdMs == null ? 0 : thresholdMs;
    }

    /** The phase's next fault step to carry out. */
    private int nextFault;
    /** The node a {@code leader} kill or stop took down, for the {@code leader} restart. */
    int downLeader = -1;

    Outage outage;

    private Duration plannedAfter = Duration.ZERO;

    public PhaseTracker(int index, int count, Phase phase, int phaseId, String label) {
        this.index = index;
        this.count = count;
        this.phase = phase;
        this.phaseId = phaseId;
        this.label = label;
    }

    /** The phases still to run after this one, as planned: what the run has left once this one ends. */
    public void plannedAfter(Duration later) {
        plannedAfter = later;
    }

    /** The run's time left, in whole seconds, {@code phaseLeft} being this phase's ({@link RunTimeLeft}). */
    public String runLeft(Duration phaseLeft) {
        return RunTimeLeft.format(phaseLeft, plannedAfter);
    }

    /** The phase's warm-up started: its sends are counted from the window on ({@link #measuring}). */
    public void started(Instant at) {
        startedAt = at;
    }

    /** The phase's backlog started, the producer's count at {@code sent}: a drain counts its sends from here. */
    public void started(Instant at, long sent) {
        startedAt = at;
        sentAtStart = sent;
    }

    /** The measured window opens now: progress polls count from here. */
    public void measuring(Instant at, long sent) {
        measureStart = at;
        sentAtStart = sent;
        polled(at, sent);
    }

    /** A drain's window opens when the consumer resumes; its sends were counted when the backlog began. */
    public void draining(Instant at, long sentAtEnd) {
        measureStart = at;
        polled(at, sentAtEnd);
    }

    /** The producer's count at the last progress poll: what a phase cut short measures up to. */
    public void polled(Instant at, long sent) {
        lastPoll = at;
        lastSent = sent;
    }

    /**
     * The measured window ended at {@code at}, the producer's count then {@code sent}: a phase cut short
     * after it (while it is closed, its topic retired or its faults undone) keeps this end, so its rate
     * covers its window and not the time spent closing it.
     */
    public void windowEnded(Instant at, long sent) {
        windowEnd = at;
        sentAtWindowEnd = sent;
    }

    /** Null while the window is open. */
    public Instant windowEnd() {
        return windowEnd;
    }

    public long sentAtWindowEnd() {
        return sentAtWindowEnd;
    }

    public void retired(TopicDisk onDisk) {
        disk = onDisk;
    }

    public Instant startedAt() {
        return startedAt;
    }

    /** Null until the measured window opens. */
    public Instant measureStart() {
        return measureStart;
    }

    /** How far into the measured window {@code instant} is, in seconds to the ms: a fault step's time as recorded. */
    double secondsIntoWindow(Instant instant) {
        return Duration.between(measureStart, instant).toMillis() / 1000.0;
    }

    /** The instant {@code seconds} into the measured window: where a recorded fault step's time falls. */
    Instant windowInstant(double seconds) {
        return measureStart.plusMillis(Math.round(seconds * 1000));
    }

    public long sentAtStart() {
        return sentAtStart;
    }

    public Instant lastPoll() {
        return lastPoll;
    }

    public long lastSent() {
        return lastSent;
    }

    /** The plan's next fault step, taken (so it is carried out once), if one is due {@code elapsed} into the window. */
    public Optional<TimedFault> takeFaultDue(Duration elapsed) {
        if (nextFault < phase.faults().size()
                && elapsed.compareTo(phase.faults().get(nextFault).at()) >= 0) {
            return Optional.of(phase.faults().get(nextFault++));
        }
        return Optional.empty();
    }

    /** When the next fault step is due, counted from the window's start; empty when none is left. */
    public Optional<Duration> nextFaultAt() {
        return nextFault < phase.faults().size()
                ? Optional.of(phase.faults().get(nextFault).at())
                : Optional.empty();
    }

    /** The fault steps the window did not reach, taken. */
    Optional<TimedFault> takeLeftoverFault() {
        return nextFault < phase.faults().size() ? Optional.of(phase.faults().get(nextFault++)) : Optional.empty();
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
