package dev.latencylab.runner.faults;

import java.util.Locale;

/** An outage in one line, for the runner's console output. */
public final class OutageLine {

    private OutageLine() {}

    public static String of(Outage o) {
        Outage.ProducerView p = o.producer();
        Outage.ClusterView c = o.cluster();
        return String.format(
                        Locale.ROOT,
                        "outage: %s records delayed (%s)%s, max e2e %s; producer: %s retries, %s errors;"
                                + " %d leader changes, under min ISR %.1f s, ISR whole %s",
                        o.delayed() == null ? "n/a" : o.delayed().toString(),
                        o.thresholdMs() == null
                                ? "no baseline: every record"
                                : String.format(Locale.ROOT, "slower than %.2f ms", o.thresholdMs()),
                        o.windowSeconds() == null ? "" : String.format(Locale.ROOT, " over %.2f s", o.windowSeconds()),
                        o.maxE2eMs() == null ? "n/a" : String.format(Locale.ROOT, "%.0f ms", o.maxE2eMs()),
                        p.retries() == null ? "n/a" : p.retries().toString(),
                        p.errors() == null ? "n/a" : p.errors().toString(),
                        c.leaderChanges(),
                        c.underMinIsrSeconds(),
                        c.isrWholeAfterRestart() == null
                                ? o.restartedABroker() ? "not seen after a restart" : "(no broker restarted)"
                                : String.format(Locale.ROOT, "%.1f s after the restart", c.isrWholeAfterRestart()))
                + group(o.group())
                + o.unanswered().map(u -> "; unanswered: " + u).orElse("");
    }

    private static String group(GroupChurn g) {
        return g == null
                ? ""
                : String.format(
                        Locale.ROOT,
                        "; group (%s): members %d → %d..%d → %d, %d partitions moved, not stable %.1f s",
                        g.protocols(),
                        g.membersBefore(),
                        g.membersMin(),
                        g.membersMax(),
                        g.membersAfter(),
                        g.partitionsMoved(),
                        g.notStableSeconds());
    }
}
