package dev.latencylab.runner.compare;

import dev.latencylab.api.latency.PhaseView;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * A latency round of the comparison: the lab's e2e at a low rate, EndToEndLatency, and the
 * closed-loop floor back to back and paced, in the round's order: lab, paced floor, tool, busy-poll
 * bound in odd rounds, the reverse in even ones.
 */
final class LatencyRounds {

    static final long MIN_E2E_RECORDS = 500;

    private final CompareContext ctx;
    private final FloorProbe floor;

    LatencyRounds(CompareContext ctx, FloorProbe floor) {
        this.ctx = ctx;
        this.floor = floor;
    }

    void run(int i, List<CompareResult.LatencyRound> rounds) throws InterruptedException {
        PhaseView l;
        ToolLatency t;
        Floor busyPoll;
        Floor paced;
        Duration pace = Duration.ofNanos(1_000_000_000L / ctx.settings.lowRate());
        // The goal's pair, the lab and the paced floor, run next to each other in both orders, so a drift of the
        // machine over the round (seen as both falling by a fifth over a run) moves both alike.
        if (CompareRun.labFirst(i)) {
            l = labLatency(i);
            paced = floor(i, toolRecords(), pace, FloorFetch.LAB);
            t = toolLatency(i);
            busyPoll = floor(i, t.records(), Duration.ZERO, FloorFetch.BUSY_POLL);
        } else {
            t = toolLatency(i);
            busyPoll = floor(i, t.records(), Duration.ZERO, FloorFetch.BUSY_POLL);
            paced = floor(i, toolRecords(), pace, FloorFetch.LAB);
            l = labLatency(i);
        }
        CompareResult.LatencyRound round = new CompareResult.LatencyRound(
                i, CompareRun.labFirst(i), l, t.result(), t.records(), t.command(), busyPoll, paced);
        rounds.add(round);
        ctx.out.printf(
                Locale.ROOT,
                "latency %d/%d: lab p50 %s ms / paced closed-loop floor p50 %s ms = %s; / busy-poll bound %s ms = %s%n",
                i,
                ctx.settings.rounds(),
                Numbers.ms3(l.latencyMs() == null ? null : l.latencyMs().p50()),
                Numbers.ms3(paced.e2eMs().p50()),
                Numbers.ratio(round.floorRatio()),
                Numbers.ms3(busyPoll.e2eMs().p50()),
                Numbers.ratio(round.busyPollRatio()));
    }

    private Floor floor(int i, long records, Duration pace, FloorFetch fetch) throws InterruptedException {
        ctx.out.printf(
                Locale.ROOT,
                "%nlatency %d/%d, closed-loop floor: %d records one at a time, %s, timed in µs by clients that live "
                        + "for the whole comparison (warmed with %d records per consumer before their first window); "
                        + "producer %s, consumer %s%n",
                i,
                ctx.settings.rounds(),
                records,
                pace.isZero() ? "back to back" : "at most one per " + pace.toMillis() + " ms",
                floor.warmupRecords(),
                ClosedLoopFloor.producerSettings(ctx.settings.batchSize()),
                fetch.consumerSettings());
        ctx.abort.check();
        Floor f = floor.measure(ctx.settings.topic(), (int) records, pace, fetch);
        ctx.out.printf(
                Locale.ROOT,
                "latency %d/%d, closed-loop floor: e2e p50 %s ms, p99 %s ms; ack p50 %s ms over %d records%n",
                i,
                ctx.settings.rounds(),
                Numbers.ms3(f.e2eMs().p50()),
                Numbers.ms3(f.e2eMs().p99()),
                Numbers.ms3(f.ackMs().p50()),
                f.records());
        return f;
    }

    private PhaseView labLatency(int i) throws InterruptedException {
        int n = ctx.settings.rounds();
        ctx.out.printf(
                Locale.ROOT,
                "%nlatency %d/%d, lab: %d records/s, linger.ms=0 batch.size=%d acks=all %d B; %s%n",
                i,
                n,
                ctx.settings.lowRate(),
                ctx.settings.batchSize(),
                CompareSettings.RECORD_BYTES,
                ctx.window());
        ctx.abort.check();
        PhaseView l = ctx.lab.lowRate(ctx.settings.lowRateSettings(), ctx.settings.warmup(), ctx.settings.duration());
        ctx.out.printf(
                Locale.ROOT,
                "latency %d/%d, lab: e2e p50 %s ms, p99 %s ms over %d records%n",
                i,
                n,
                Numbers.ms(l.latencyMs().p50()),
                Numbers.ms(l.latencyMs().p99()),
                l.count());
        return l;
    }

    private record ToolLatency(EndToEndResult result, long records, List<String> command) {}

    /** EndToEndLatency's records, which each floor sends too: the lab's rate over the window, at least 500. */
    private long toolRecords() {
        return Math.max(
                MIN_E2E_RECORDS,
                (long) ctx.settings.lowRate() * ctx.settings.duration().toSeconds());
    }

    private ToolLatency toolLatency(int i) throws InterruptedException {
        int n = ctx.settings.rounds();
        long records = toolRecords();
        List<String> cmd = ctx.tools.endToEndLatency(ctx.settings.topic(), records, CompareSettings.RECORD_BYTES);
        ctx.out.printf(Locale.ROOT, "%nlatency %d/%d, EndToEndLatency: %d records, one at a time%n", i, n, records);
        ctx.abort.check();
        // Closed loop, a few ms per record; a stalled broker makes the tool give up after its own 60 s poll.
        Duration timeout = Duration.ofSeconds(180 + records / 20);
        ToolRun r = ctx.runner.run(cmd, timeout, ctx.toolLog("end-to-end-latency-" + i));
        ctx.abort.check();
        EndToEndResult e = requireOk(
                r, "EndToEndLatency", timeout, EndToEndResult.parse(r.output()).orElse(null));
        ctx.out.printf(
                Locale.ROOT,
                "latency %d/%d, EndToEndLatency: p50 %d ms (whole ms), p99 %d ms, avg %.2f ms%n",
                i,
                n,
                e.p50Ms(),
                e.p99Ms(),
                e.avgMs());
        return new ToolLatency(e, records, cmd);
    }

    private static <T> T requireOk(ToolRun r, String tool, Duration timeout, T parsed) {
        if (r.exitCode() == null) {
            throw new CompareException(tool + " did not finish within " + timeout.toSeconds()
                    + " s and was stopped; output in " + r.log());
        }
        if (!r.ok() || parsed == null) {
            throw new CompareException(
                    tool + " exited with " + r.exitCode() + (parsed == null ? " without its result line" : "")
                            + "; output in " + r.log() + ":" + System.lineSeparator() + r.tail(5));
        }
        return parsed;
    }
}
