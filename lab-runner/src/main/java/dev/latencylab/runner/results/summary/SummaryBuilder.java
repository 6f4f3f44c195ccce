package dev.latencylab.runner.results.summary;

import dev.latencylab.api.accounting.AccountingLimits;
import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.latency.Percentiles;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.latency.ProducerTrack;
import dev.latencylab.api.latency.Totals;
import dev.latencylab.runner.results.collect.PhaseMetrics;
import dev.latencylab.runner.run.PhaseDescription;
import dev.latencylab.runner.run.PhaseRecord;
import dev.latencylab.runner.run.RunRecord;
import dev.latencylab.runner.run.StackWarmupRecord;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.RunPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Joins what the endpoints said (RunRecord) with what Prometheus said (PhaseMetrics) into summary rows. */
public final class SummaryBuilder {

    /** Set by scripts/lab: how the stack this run measured was started (local processes, compose on which engine). */
    static final String STACK_VARIABLE = "LAB_STACK";

    private SummaryBuilder() {}

    /**
     * {@code plan} is the order the run was to go through (its seed and repeats are recorded),
     * {@code stackWarmup} what the warm-up before it did (null: none ran); {@code brokerIdsStable}
     * whether a broker's CPU figures carry one label all run (a phase without a broker's figure is then
     * told by name: its brokers' and total CPU are n/a).
     */
    public static RunSummary build(
            RunRecord run,
            RunPlan plan,
            StackWarmupRecord stackWarmup,
            Map<Integer, PhaseMetrics> metrics,
            int cores,
            List<String> extraWarnings,
            boolean brokerIdsStable) {
        BrokerCounts brokers = BrokerCounts.of(metrics.values(), brokerIdsStable);
        List<PhaseSummary> phases = DiskRatios.fill(run.phases().stream()
                .map(r -> phase(r, metrics.getOrDefault(r.index(), PhaseMetrics.EMPTY), brokers))
                .toList());
        List<String> warnings = new ArrayList<>(run.warnings());
        warnings.addAll(extraWarnings);
        brokers.unsettled().ifPresent(warnings::add);
        for (PhaseRecord r : run.phases()) {
            String label = RunPlan.label(r.phase().name(), r.phase().repeat(), plan.repeats());
            Map<String, Double> had =
                    metrics.getOrDefault(r.index(), PhaseMetrics.EMPTY).brokerCpu();
            brokers.missing(label, had).ifPresent(warnings::add);
        }
        for (PhaseRecord r : run.phases()) {
            if (r.latency() == null) {
                warnings.add("the consumer had no figures for phase "
                        + RunPlan.label(r.phase().name(), r.phase().repeat(), plan.repeats()) + " (settings "
                        + r.phase().settings() + "): its latency is n/a");
            }
            if (r.counts() != null && r.counts().lost() > 0) {
                // Only a closed phase's counts are final: one cut short may have had records in flight.
                warnings.add(
                        r.fenced()
                                ? "phase " + r.phase().name() + ": "
                                        + r.counts().lost() + " of "
                                        + r.counts().acked() + " acknowledged records never reached the consumer group"
                                : "phase " + r.phase().name() + " was not closed: "
                                        + r.counts().lost() + " of "
                                        + r.counts().acked()
                                        + " acknowledged records had not reached the consumer group"
                                        + " when it was cut short, and may have later: not a loss that was proven");
            }
        }
        warnings.addAll(consumerWarnings(run.finalConsumer()));
        RunSummary.RunTotals totals = totals(run);
        RunSummary summary = new RunSummary(
                run.scenario().name(),
                run.scenario().description(),
                run.startedAt(),
                run.endedAt(),
                run.complete(),
                run.stopReason(),
                cores,
                new RunSummary.Repeats(
                        plan.repeats(),
                        plan.seed(),
                        plan.labels(),
                        Spread.MEANING,
                        PhaseSpread.of(
                                phases,
                                run.scenario().phases().stream()
                                        .map(Phase::name)
                                        .toList())),
                stackWarmup,
                phases,
                totals,
                null,
                warnings,
                run.searches(),
                System.getenv(STACK_VARIABLE),
                run.clocks());
        return summary.withReading(TradeOffReading.read(summary));
    }

    static PhaseSummary phase(PhaseRecord r, PhaseMetrics m) {
        return phase(r, m, m.brokerCpu().keySet());
    }

    static PhaseSummary phase(PhaseRecord r, PhaseMetrics m, Set<String> brokers) {
        return phase(r, m, new BrokerCounts(brokers, 0, java.util.Optional.empty()));
    }

    /** The phase's summary; its brokers' CPU is summed only when it has a figure of every broker ({@link BrokerCounts#complete}). */
    static PhaseSummary phase(PhaseRecord r, PhaseMetrics m, BrokerCounts brokers) {
        PhaseView l = r.latency();
        Double brokersTotal = !brokers.complete(m.brokerCpu())
                ? null
                : m.brokerCpu().values().stream()
                        .mapToDouble(Double::doubleValue)
                        .sum();
        Double total = m.producerCpu() == null || m.consumerCpu() == null || brokersTotal == null
                ? null
                : m.producerCpu() + m.consumerCpu() + brokersTotal;
        boolean transactional = r.phase().settings().transactional();
        return new PhaseSummary(
                r.phase().name(),
                r.phase().repeat(),
                r.phaseId(),
                r.phase().settings(),
                r.measureStart(),
                r.measureEnd(),
                r.measured().toMillis() / 1000.0,
                r.complete(),
                l == null ? null : l.count(),
                l == null ? null : l.unsampled(),
                l == null || l.count() == 0 ? PhaseSummary.Latency.NONE : latency(l.latencyMs(), l.count()),
                l == null || l.count() == 0 ? PhaseSummary.Latency.NONE : latency(l.correctedLatencyMs(), l.count()),
                r.sends() == null
                        ? PhaseSummary.Latency.NONE
                        : latency(r.sends().publishDelayMs(), fewestSends(r)),
                r.achievedRate(),
                r.counts(),
                r.fenced(),
                r.description(),
                new PhaseSummary.Cpu(m.producerCpu(), m.consumerCpu(), m.brokerCpu(), brokersTotal, total),
                new PhaseSummary.Requests(
                        m.produceRps(), m.fetchConsumerRps(), m.fetchFollowerRps(), m.offsetCommitRps()),
                m.bytesInPerSecond(),
                new PhaseSummary.Batching(
                        // A transactional client's requests include each transaction's EndTxn (and
                        // AddPartitionsToTxn): per request they would read low; the brokers' column counts Produce
                        // alone.
                        transactional ? null : ratio(m.clientRecordsSent(), m.clientRequests()),
                        transactional ? null : ratio(m.clientBytesSent(), m.clientRequests()),
                        ratio(m.clientBatchBytes(), m.clientBatchRecords()),
                        m.batchSizeAvg(),
                        m.compressionRateAvg(),
                        m.recordQueueTimeAvgMs()),
                new PhaseSummary.GcPauses(
                        perMille(m.producerGcPause()), perMille(m.consumerGcPause()), perMille(m.brokersGcPause())),
                r.disk() == null
                        ? null
                        : TransactionMarkers.disk(r.disk(), r.phase().settings(), r.sends()),
                drain(r),
                r.outage());
    }

    /** What the consumer's totals say that no phase's counts show. */
    static List<String> consumerWarnings(LatencyView consumer) {
        List<String> warnings = new ArrayList<>();
        long dropped = consumer == null || consumer.totals() == null
                ? 0
                : consumer.totals().droppedProducers();
        if (dropped > 0) {
            warnings.add("the consumer tracks the sequence numbers of " + AccountingLimits.TRACKED_PRODUCERS
                    + " producer instances at once per instance and dropped " + dropped
                    + " producer instances to make room during the run: their open gaps were never counted"
                    + " lost, and a copy they sent of an earlier record counts as received, not duplicated"
                    + " (a producer-app restarted is a new instance)");
        }
        return warnings;
    }

    private static PhaseSummary.Drain drain(PhaseRecord r) {
        if (!r.phase().drains()) {
            return null;
        }
        PhaseView l = r.latency();
        Long drained = l == null ? null : l.firstArrivals();
        Double seconds = l == null || l.lastReceived() == null
                ? null
                : java.time.Duration.between(r.measureStart(), l.lastReceived()).toMillis() / 1000.0;
        return new PhaseSummary.Drain(
                r.counts() != null ? Long.valueOf(r.counts().acked()) : null,
                drained,
                seconds,
                r.drainRate(),
                r.phase().consumer() == null ? null : r.phase().consumer().describe());
    }

    /**
     * The sends behind the phase's publish delay percentiles: several producer instances' are each the worst
     * instance's own (ProducerGroup), so each rests on no more than the fewest of them.
     */
    private static long fewestSends(PhaseRecord r) {
        return r.description() == null || r.description().producers().size() < 2
                ? r.sends().sent()
                : r.description().producers().stream()
                        .mapToLong(PhaseDescription.ProducerInstance::sent)
                        .min()
                        .orElse(0);
    }

    /**
     * A percentile needs values beyond it: of fewer than 20, p95 is the max, of fewer than 100 p99 is, and
     * of fewer than 1,000 p99.9 is; such a one is left out (n/a), not reported as a tail it did not measure.
     */
    static PhaseSummary.Latency latency(Percentiles p, long values) {
        return p == null
                ? PhaseSummary.Latency.NONE
                : new PhaseSummary.Latency(
                        finite(p.p50()),
                        values < 20 ? null : finite(p.p95()),
                        values < 100 ? null : finite(p.p99()),
                        values < 1_000 ? null : finite(p.p999()),
                        finite(p.max()));
    }

    /** One count per another over the same window; null when either is unknown or nothing was counted. */
    static Double ratio(Double count, Double per) {
        if (count == null || per == null || !Double.isFinite(count) || !Double.isFinite(per) || per <= 0) {
            return null;
        }
        return count / per;
    }

    /** An empty histogram may report NaN; that is "no value", not a number to print. */
    private static Double perMille(Double secondsPerSecond) {
        return secondsPerSecond == null || !Double.isFinite(secondsPerSecond) ? null : secondsPerSecond * 1000;
    }

    private static Double finite(Double v) {
        return v == null || !Double.isFinite(v) ? null : v;
    }

    static RunSummary.RunTotals totals(RunRecord run) {
        Long sent = null;
        Long acked = null;
        Long failed = null;
        if (run.finalProducer() != null && run.finalProducer().counters() != null) {
            sent = run.finalProducer().counters().sent();
            acked = run.finalProducer().counters().acked();
            failed = run.finalProducer().counters().failed();
        }
        LatencyView c = run.finalConsumer();
        if (c == null || c.totals() == null) {
            return new RunSummary.RunTotals(
                    sent, acked, failed, null, null, null, null, null, null, null, null, null, run.drained());
        }
        Totals t = c.totals();
        Totals.Skipped s = t.skipped();
        // A record whose value is not JSON is received and counted; only its latency is no sample.
        Long skipped = s == null ? null : s.total() - s.badPayload();
        Long unsampled = s == null ? null : s.badPayload();
        return new RunSummary.RunTotals(
                sent,
                acked,
                failed,
                t.received(),
                t.lost(),
                t.late(),
                c.producers().stream().mapToLong(ProducerTrack::unobserved).sum(),
                t.duplicated(),
                t.outOfOrder(),
                t.pending(),
                skipped,
                unsampled,
                run.drained());
    }
}
