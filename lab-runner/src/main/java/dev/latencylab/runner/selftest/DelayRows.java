package dev.latencylab.runner.selftest;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.latency.Percentiles;
import dev.latencylab.runner.run.PhaseRecord;
import dev.latencylab.runner.run.RunRecord;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What the latency figures must be, given a delay of known size injected into a phase: the lab's
 * three clocks checked against a truth, each within a stated tolerance. A sender stopped for p ms
 * makes the publish delay max and the corrected e2e max about p, and leaves the naive e2e max far
 * below it (the naive figure cannot see a stalled sender: that is what the corrected one is for);
 * a consumer held for h ms makes both e2e maxima about h and leaves the publish delay alone.
 */
final class DelayRows {

    static final String PAUSED = "producer-paused";
    static final String HELD = "consumer-held";
    /**
     * The delays injected: long beside this machine's e2e latency, even with its two cores saturated
     * (a naive e2e max of 823 ms was seen there beside a 1,000 ms pause), short beside a 6 s window.
     */
    static final int PAUSE_MS = 2_000;

    static final int HOLD_MS = 2_000;
    /**
     * How far above the delay a maximum may land: the e2e latency of a record on this machine, a
     * scheduler slice and a poll, with room for two shared cores. A unit slip (µs for ms), a figure
     * from the wrong clock or a phase mixed with another lands far outside it.
     */
    static final int TOLERANCE_MS = 500;

    private DelayRows() {}

    static List<SelfTestRow> rows(RunRecord run) {
        return List.of(paused(run.phase(PAUSED)), held(run.phase(HELD)));
    }

    static SelfTestRow paused(Optional<PhaseRecord> phase) {
        return row(
                new Delay(
                        PAUSED,
                        "the first producer-app's sender stopped for " + PAUSE_MS + " ms",
                        PAUSE_MS,
                        "publish delay max and e2e corrected max",
                        "e2e max"),
                phase,
                (publish, naive, corrected) ->
                        within(publish, PAUSE_MS) && within(corrected, PAUSE_MS) && naive < PAUSE_MS / 2.0);
    }

    static SelfTestRow held(Optional<PhaseRecord> phase) {
        return row(
                new Delay(
                        HELD,
                        "the first consumer-app's first poll of the phase held for " + HOLD_MS + " ms",
                        HOLD_MS,
                        "e2e max and e2e corrected max",
                        "publish delay max"),
                phase,
                (publish, naive, corrected) ->
                        within(naive, HOLD_MS) && within(corrected, HOLD_MS) && publish < HOLD_MS / 2.0);
    }

    /**
     * One delay's row: its phase, what was injected, and the maxima the delay must show (within it, up to
     * the tolerance) and the one it must leave alone (below half of it).
     */
    private record Delay(String name, String injected, int delayMs, String showIt, String leftAlone) {

        String expected() {
            return String.format(
                    Locale.ROOT,
                    "%s in [%d, %d] ms, %s < %d ms; lost 0, received = acked",
                    showIt,
                    delayMs,
                    delayMs + TOLERANCE_MS,
                    leftAlone,
                    delayMs / 2);
        }
    }

    private interface Maxima {
        boolean hold(double publishMs, double naiveMs, double correctedMs);
    }

    private static SelfTestRow row(Delay delay, Optional<PhaseRecord> found, Maxima maxima) {
        String name = delay.name();
        String injected = delay.injected();
        String expected = delay.expected();
        if (found.isEmpty()) {
            return new SelfTestRow(name, injected, expected, "the phase did not run", false);
        }
        PhaseRecord p = found.get();
        PhaseCounts c = p.counts();
        Double publish = max(p.sends() == null ? null : p.sends().publishDelayMs());
        Double naive = max(p.latency() == null ? null : p.latency().latencyMs());
        Double corrected = max(p.latency() == null ? null : p.latency().correctedLatencyMs());
        if (c == null || publish == null || naive == null || corrected == null) {
            return new SelfTestRow(name, injected, expected, "no counts or no latency figures", false);
        }
        String reported = String.format(
                Locale.ROOT,
                "%spublish delay max %.1f ms, e2e max %.1f ms, e2e corrected max %.1f ms; acked %d, received %d, lost %d",
                p.fenced() ? "" : "NOT CLOSED: ",
                publish,
                naive,
                corrected,
                c.acked(),
                c.received(),
                c.lost());
        boolean ok = p.fenced() && c.lost() == 0 && c.received() == c.acked() && maxima.hold(publish, naive, corrected);
        return new SelfTestRow(name, injected, expected, reported, ok);
    }

    private static boolean within(double ms, int delay) {
        return ms >= delay && ms <= delay + TOLERANCE_MS;
    }

    private static Double max(Percentiles p) {
        return p == null ? null : p.max();
    }
}
