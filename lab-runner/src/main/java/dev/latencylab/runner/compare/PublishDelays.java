package dev.latencylab.runner.compare;

import dev.latencylab.api.latency.Percentiles;
import dev.latencylab.runner.run.ScenarioRunner;
import java.time.Clock;
import java.util.List;
import java.util.Locale;

/**
 * The producer-app's publish delay at half its realistic ceiling, the consumer reading, as a
 * scenario runs it, on the cores everything shares. No core is taken for the producer alone: moved
 * onto one core of two, a JVM that was measured on two saturates it and the window measures that.
 */
final class PublishDelays {

    private final CompareContext ctx;
    private final Clock clock;

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
        return window(rate, warnings);
    }

    private CompareResult.PublishDelay window(double rate, List<String> warnings) throws InterruptedException {
        ctx.abort.check();
        // Ids of this window's own (warm-up, window, after): the producer-app remembers phases by id, and a
        // window id used by an earlier compare would add that run's sends to this one's.
        int phase = ScenarioRunner.firstPhaseId(clock.instant());
        CompareResult.PublishDelay d =
                ctx.lab.publishDelay(ctx.settings.atRate(rate), phase, ctx.settings.warmup(), ctx.settings.duration());
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
        if (d.refusal() != null) {
            String w = "publish delay window refused, not a valid measurement: " + d.refusal();
            warnings.add(w);
            ctx.out.println("WARNING: " + w);
        }
        ctx.awaitConsumerAndRelease("after the publish-delay window", phase + 2, warnings);
        return d;
    }
}
