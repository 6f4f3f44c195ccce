package dev.latencylab.runner.run;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.producer.PhaseSends;

/** A phase's figures once it is closed (or given up on). */
public record ClosedPhase(
        PhaseView latency, PhaseSends sends, PhaseCounts counts, boolean fenced, PhaseDescription description) {}
