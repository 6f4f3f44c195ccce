package dev.latencylab.runner.selftest;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.runner.run.PhaseRecord;
import dev.latencylab.runner.run.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What each self-test phase's counts must be, given the fault injected into it, checked against
 * the counts the runner reported. Every row also asks that the phase was closed by the fence.
 */
final class SelfTestRows {

    static final String CLEAN = "clean";
    static final String TOPIC_AGAIN = "topic-again-2";
    static final String ACKS_1 = "acks-1-leader-killed";
    static final String TRANSACTIONS = "transactions-read-committed";

    private SelfTestRows() {}

    /** The rows of the faults run. */
    static List<SelfTestRow> faults(RunRecord run) {
        List<SelfTestRow> rows = new ArrayList<>();
        rows.add(run(run));
        rows.add(check(
                run,
                CLEAN,
                "2 producer-apps into 2 consumer-apps, no fault",
                "lost 0, duplicated 0," + " received = acked, e2e samples = received",
                c -> c.lost() == 0 && c.duplicated() == 0 && c.received() == c.acked(),
                true));
        rows.add(check(
                run,
                SelfTestFaults.SKIPPED,
                SelfTestFaults.SKIPPED_RECORDS + " records dropped unseen by a consumer-app",
                "lost " + SelfTestFaults.SKIPPED_RECORDS + ", received = acked - " + SelfTestFaults.SKIPPED_RECORDS
                        + ", duplicated 0",
                c -> c.lost() == SelfTestFaults.SKIPPED_RECORDS
                        && c.received() == c.acked() - SelfTestFaults.SKIPPED_RECORDS
                        && c.duplicated() == 0,
                false));
        rows.add(check(
                run,
                SelfTestFaults.WRITTEN_TWICE,
                SelfTestFaults.WRITTEN_TWICE_RECORDS
                        + " records written twice by a producer-app (copies unacknowledged)",
                "duplicated " + SelfTestFaults.WRITTEN_TWICE_RECORDS + ", lost 0, received = acked",
                c -> c.duplicated() == SelfTestFaults.WRITTEN_TWICE_RECORDS
                        && c.lost() == 0
                        && c.received() == c.acked(),
                false));
        rows.add(check(
                run,
                SelfTestFaults.CONSUMER_RESTART,
                "a consumer-app SIGKILLed and started again",
                "redelivered > 0, lost 0, received = acked",
                c -> c.redelivered() > 0 && c.lost() == 0 && c.received() == c.acked(),
                false));
        rows.add(check(
                run,
                TRANSACTIONS,
                "transactions of 100 ms, every 3rd aborted, read at read_committed",
                "aborted records > 0, received = acked - aborted records, lost 0, duplicated 0, unobserved 0",
                c -> c.abortedRecords() > 0
                        && c.received() == c.acked() - c.abortedRecords()
                        && c.lost() == 0
                        && c.duplicated() == 0
                        && c.unobserved() == 0,
                true));
        rows.add(check(
                run,
                TOPIC_AGAIN,
                "its topic deleted and created again under the same name",
                "lost 0, redelivered 0, unobserved 0, received = acked",
                c -> c.lost() == 0 && c.redelivered() == 0 && c.unobserved() == 0 && c.received() == c.acked(),
                true));
        return rows;
    }

    /**
     * The row of the run of many phases: each closed, with its e2e samples, nothing lost, every
     * acknowledged record received once.
     */
    static List<SelfTestRow> limits(RunRecord run, int phases, String oldLimits) {
        long good = run.phases().stream().filter(SelfTestRows::whole).count();
        List<String> bad = run.phases().stream()
                .filter(p -> !whole(p))
                .limit(3)
                .map(p -> p.phase().name() + "#" + p.phase().repeat() + " (" + describe(p) + ")")
                .toList();
        return List.of(
                run(run),
                new SelfTestRow(
                        phases + " phases in one run (" + oldLimits + ")",
                        phases + " phases of 1 s",
                        phases + " closed, each lost 0, received = acked, e2e samples = received",
                        good + " of " + run.phases().size() + " whole"
                                + (bad.isEmpty() ? "" : "; " + String.join(", ", bad)),
                        good == phases && run.phases().size() == phases));
    }

    /**
     * The acks=1 phase whose leader was killed: the brokers may have truncated acknowledged records.
     * What they kept is read back from the log ({@code held}); the lab must have received exactly
     * the distinct records kept, counted the extra copies as duplicated, and the rest as lost.
     */
    static SelfTestRow brokersOwnLoss(Optional<PhaseRecord> phase, LogAudit.Held held) {
        String injected = "the leader of partition 0 SIGKILLed with acks=1 and restarted";
        if (phase.isEmpty() || phase.get().counts() == null || held == null) {
            return new SelfTestRow(ACKS_1, injected, "counts against the log", "no counts or no log read", false);
        }
        PhaseCounts c = phase.get().counts();
        long lost = Math.max(0, c.acked() - held.distinct());
        // With a failed send, a record truncated and a failed one kept would cancel out in "acked -
        // kept": the loss is then not told exactly, and the row says so instead of passing it.
        String expected = String.format(
                Locale.ROOT,
                "as the log holds it: received %d (distinct records kept), duplicated %d (copies - distinct),"
                        + " lost %d (acked - kept), no failed send",
                held.distinct(),
                held.copies() - held.distinct(),
                lost);
        boolean ok = phase.get().fenced()
                && c.failed() == 0
                && c.storedDespiteFailure() == 0
                && c.received() == held.distinct()
                && c.duplicated() == held.copies() - held.distinct()
                && c.lost() == lost;
        return new SelfTestRow(ACKS_1, injected, expected, describe(phase.get()), ok);
    }

    private static SelfTestRow run(RunRecord run) {
        return new SelfTestRow(
                "the run itself",
                "-",
                "complete, every phase stored",
                run.complete() ? run.phases().size() + " phases" : "stopped: " + run.stopReason(),
                run.complete());
    }

    private static boolean whole(PhaseRecord p) {
        PhaseCounts c = p.counts();
        return p.fenced()
                && c != null
                && c.acked() > 0
                && c.lost() == 0
                && c.received() == c.acked()
                && samples(p) == c.received();
    }

    private static long samples(PhaseRecord p) {
        return p.latency() == null ? 0 : p.latency().firstArrivals();
    }

    private static SelfTestRow check(
            RunRecord run,
            String phase,
            String injected,
            String expected,
            java.util.function.Predicate<PhaseCounts> holds,
            boolean samplesEqualReceived) {
        Optional<PhaseRecord> found = run.phase(phase);
        if (found.isEmpty() || found.get().counts() == null) {
            return new SelfTestRow(phase, injected, expected, "no counts (the phase did not run to its end)", false);
        }
        PhaseRecord p = found.get();
        PhaseCounts c = p.counts();
        boolean ok = p.fenced() && holds.test(c) && (!samplesEqualReceived || samples(p) == c.received());
        return new SelfTestRow(phase, injected, expected, describe(p), ok);
    }

    private static String describe(PhaseRecord p) {
        PhaseCounts c = p.counts();
        if (c == null) {
            return "no counts";
        }
        return String.format(
                Locale.ROOT,
                "%sacked %d, received %d, lost %d, duplicated %d, redelivered %d, unobserved %d, unread %d, e2e samples %d%s",
                p.fenced() ? "" : "NOT CLOSED: ",
                c.acked(),
                c.received(),
                c.lost(),
                c.duplicated(),
                c.redelivered(),
                c.unobserved(),
                c.unread(),
                samples(p),
                c.abortedRecords() > 0 ? ", aborted records " + c.abortedRecords() : "");
    }
}
