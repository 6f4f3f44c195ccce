package dev.latencylab.runner.clocks;

import dev.latencylab.runner.endpoint.EndpointException;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's clock checks: every worker's offset at each phase's start and end. A worker that does not
 * answer (killed by a fault step, an app from before the clock endpoint) is noted and the run goes on:
 * the clocks qualify the figures, they are none of them.
 */
public final class ClockChecks {

    private final List<ClockProbe> probes;
    private final List<ClockCheck> checks = new ArrayList<>();

    public ClockChecks(List<ClockProbe> probes) {
        this.probes = List.copyOf(probes);
    }

    /** A run starts: its checks are its own. */
    public void begin() {
        checks.clear();
    }

    /** Every worker's offset now, for {@code phase} at {@code at} ({@link ClockCheck#START} or END). */
    public void check(int phase, String at) throws InterruptedException {
        for (ClockProbe p : probes) {
            try {
                ClockOffset o = ClockOffset.estimate(p, ClockOffset.EXCHANGES);
                checks.add(
                        new ClockCheck(phase, at, p.worker(), p.part(), o.offsetMicros(), o.uncertaintyMicros(), null));
            } catch (EndpointException | IllegalArgumentException e) {
                checks.add(new ClockCheck(phase, at, p.worker(), p.part(), null, null, e.getMessage()));
            }
        }
    }

    /** The checks so far, in the order they were made. */
    public List<ClockCheck> checks() {
        return List.copyOf(checks);
    }
}
