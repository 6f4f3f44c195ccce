package dev.latencylab.runner.selftest;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.runner.run.InstanceShares;
import dev.latencylab.runner.run.PhaseRecord;
import dev.latencylab.runner.run.RunRecord;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Several producers, one starved: the first producer-app's sender stops from halfway through the
 * window until past its end, so it sends about half its share in the phase while the other sends
 * all of its. The group's total (about 75 %) reads as a slow phase; the per-instance check must
 * name the instance, and the run must stop on it (a starved instance is a broken phase). Run alone,
 * as the self-test's last run, for that stop.
 */
final class StarvedRow {

    static final String STARVED = "producer-starved";
    /** Halfway through a 6 s window to a second past its end: about half the instance's share is missing. */
    static final int STARVE_MS = 4_000;
    /** The share the starved instance sends in the phase: about 50 %, with room for a second's timing either way. */
    static final double MIN_SHARE = 0.30;

    static final double MAX_SHARE = 0.70;

    private StarvedRow() {}

    /**
     * @param run the self-test's run of the starved phase alone
     * @param starvedInstance the URL the phase's description names the first producer-app by
     */
    static SelfTestRow row(RunRecord run, String starvedInstance) {
        String injected = "the first of two producer-apps' sender stopped for " + STARVE_MS
                + " ms from halfway through the window";
        String expected = String.format(
                Locale.ROOT,
                "the run stops on the phase naming that instance alone, its share in [%.0f, %.0f] %%; lost 0,"
                        + " received = acked",
                100 * MIN_SHARE,
                100 * MAX_SHARE);
        Optional<PhaseRecord> found = run.phase(STARVED);
        if (found.isEmpty() || found.get().measureStart() == null) {
            return new SelfTestRow(STARVED, injected, expected, "the phase did not run", false);
        }
        PhaseRecord p = found.get();
        List<InstanceShares.Short> shorts =
                InstanceShares.of(p.phase().settings(), p.measured().toNanos() / 1e9, p.description());
        PhaseCounts c = p.counts();
        String stop = run.stopReason() == null ? "the run went on" : "the run stopped";
        String reported = stop + "; short: "
                + (shorts.isEmpty()
                        ? "none"
                        : String.join(
                                ", ",
                                shorts.stream()
                                        .map(s -> String.format(
                                                Locale.ROOT, "%s at %.1f %%", s.instance(), 100 * s.share()))
                                        .toList()))
                + (c == null
                        ? "; no counts"
                        : String.format(
                                Locale.ROOT, "; acked %d, received %d, lost %d", c.acked(), c.received(), c.lost()));
        boolean named = shorts.size() == 1
                && shorts.get(0).instance().equals(starvedInstance)
                && shorts.get(0).share() >= MIN_SHARE
                && shorts.get(0).share() <= MAX_SHARE;
        boolean stopped = run.stopReason() != null
                && run.stopReason().contains("phase " + STARVED)
                && run.stopReason().contains("producer instance " + starvedInstance);
        boolean counted = p.fenced() && c != null && c.lost() == 0 && c.received() == c.acked();
        return new SelfTestRow(STARVED, injected, expected, reported, named && stopped && counted);
    }
}
