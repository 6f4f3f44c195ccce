package dev.latencylab.runner.compare;

import dev.latencylab.api.latency.Percentiles;
import dev.latencylab.runner.run.ScenarioRunner;
import java.time.Clock;
import java.util.List;
import java.util.Locale;

/**
 * The producer-app's publish delay at half its realistic ceiling, the consumer reading, as a
 * scenario runs it: once on the shared cores, then (where the stack's processes are known and the
 * machine has two CPUs or more) with the producer-app's JVM, then its sender thread alone, on a core
 * of its own, so a reader sees whether the lab or the machine sets the figure.
 */
final class PublishDelays {

    private final CompareContext ctx;
    private final Clock clock;
    /** The placement in use, if any: released after each window and again on the way out. */
    private CorePinning pinning;

    PublishDelays(CompareContext ctx, Clock clock) {
        this.ctx = ctx;
        this.clock = clock;
    }

    /** The rate: half the mean realistic acked rate over the rounds, rounded down to 100. */
    CompareResult.PublishDelay atHalfCeiling(List<CompareResult.ThroughputRound> rounds, List<String> warnings)
            throws InterruptedException {
        double ceiling = rounds.stream()
                .filter(r -> r.labRealistic() != null)
                .mapToDouble(r -> r.labRealistic().ackedPerSec())
                .average()
                .orElse(0);
        double rate = Math.floor(ceiling / 2 / 100) * 100;
        if (rate < 100) {
            warnings.add("publish delay at half the ceiling not measured: no realistic ceiling to halve");
            return null;
        }
        ctx.out.printf(
                Locale.ROOT,
                "%npublish delay: producer-app at %s records/s (half its realistic ceiling of %s), consumer reading; %s%n",
                Numbers.rate(rate),
                Numbers.rate(ceiling),
                ctx.window());
        return window(rate, () -> {}, warnings);
    }

    /**
     * The same window twice more on the local stack: the producer-app's JVM alone on the last CPU,
     * then its sender thread alone there; each added to {@code into}. Returns why they were not
     * measured, or null.
     */
    String withReservedCores(
            CompareResult.PublishDelay shared, List<CompareResult.ReservedCore> into, List<String> warnings)
            throws InterruptedException {
        int cpus = ctx.settings.cpus();
        if (shared == null) {
            return "not measured: no publish delay on shared cores to compare with";
        }
        if (ctx.settings.producerPid() == null) {
            return "not measured: it needs the process ids of the stack, which scripts/lab compare gives on the local"
                    + " stack (--producer-pid, --stack-pids)";
        }
        if (cpus < 2) {
            return "not measured: this machine has " + cpus + " CPU";
        }
        pinning = new CorePinning(ctx, ctx.settings.producerPid(), ctx.settings.stackPids(), cpus, ctx.proc);
        String rest = "the brokers, consumer-app, Prometheus and the runner (" + pinning.otherProcesses()
                + " processes) on CPU " + pinning.otherCpus();
        try {
            into.add(reserved(
                    "the producer-app's JVM",
                    "every thread of the producer-app (pid " + ctx.settings.producerPid() + ") on CPU "
                            + pinning.reservedCpu() + "; " + rest,
                    shared.rate(),
                    pinning::pinJvm,
                    warnings));
            into.add(reserved(
                    "the sender thread",
                    "the producer-app's " + CorePinning.SENDER_THREAD + " thread alone on CPU " + pinning.reservedCpu()
                            + "; its other threads and " + rest,
                    shared.rate(),
                    pinning::pinSender,
                    warnings));
        } catch (CompareException e) {
            // An extra the rest of the comparison does not need: said, and the run goes on.
            warnings.add("publish delay with a reserved core stopped: " + e.getMessage());
            ctx.out.println("WARNING: publish delay with a reserved core stopped: " + e.getMessage());
            return into.isEmpty() ? "not measured: " + e.getMessage() : "partly measured: " + e.getMessage();
        }
        return null;
    }

    /** Places the processes once the load runs (so a thread made by the start is placed too), measures, releases. */
    private CompareResult.ReservedCore reserved(
            String who, String how, double rate, LabDriver.Step pin, List<String> warnings)
            throws InterruptedException {
        ctx.out.printf(
                Locale.ROOT,
                "%npublish delay, %s on a core of its own: %s; %s records/s, %s%n",
                who,
                how,
                Numbers.rate(rate),
                ctx.window());
        ctx.abort.check();
        CompareResult.PublishDelay d;
        try {
            d = window(rate, pin, warnings);
        } finally {
            release(warnings);
        }
        Verdict v = d.publishDelayMs() == null
                ? null
                : Goals.publishDelay(rate, d.publishDelayMs().p99());
        return new CompareResult.ReservedCore(who, how, d, v);
    }

    /** Every process moved back where it was; what could not be is a warning. Safe to call again. */
    void release(List<String> warnings) {
        if (pinning != null) {
            for (String failure : pinning.release()) {
                warnings.add(failure);
                ctx.out.println("WARNING: " + failure);
            }
        }
    }

    private CompareResult.PublishDelay window(double rate, LabDriver.Step afterStart, List<String> warnings)
            throws InterruptedException {
        ctx.abort.check();
        // Ids of this window's own (warm-up, window, after): the producer-app remembers phases by id, and a
        // window id used by an earlier compare would add that run's sends to this one's.
        int phase = ScenarioRunner.firstPhaseId(clock.instant());
        CompareResult.PublishDelay d = ctx.lab.publishDelay(
                ctx.settings.atRate(rate), phase, ctx.settings.warmup(), ctx.settings.duration(), afterStart);
        Percentiles p = d.publishDelayMs();
        ctx.out.printf(
                Locale.ROOT,
                "publish delay: %s records/s sent; p50 %s ms, p99 %s ms, p99.9 %s ms, max %s ms%n",
                Numbers.rate(d.sentPerSec()),
                Numbers.ms3(p == null ? null : p.p50()),
                Numbers.ms3(p == null ? null : p.p99()),
                Numbers.ms3(p == null ? null : p.p999()),
                Numbers.ms3(p == null ? null : p.max()));
        if (!d.account().isEmpty()) {
            ctx.out.println("publish delay: " + d.account());
        }
        ctx.awaitConsumer("after the publish-delay window", warnings);
        return d;
    }
}
