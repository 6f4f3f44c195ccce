package dev.latencylab.runner.results.summary;

import dev.latencylab.api.accounting.AccountingLimits;
import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.latency.Percentiles;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.latency.ProducerTrack;
import dev.latencylab.api.latency.Totals;
import dev.latencylab.runner.results.collect.PhaseMetrics;
import dev.latencylab.runner.run.PhaseRecord;
import dev.latencylab.runner.run.RunRecord;
import dev.latencylab.runner.run.StackWarmupRecord;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.RunPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

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
        // Every broker any phase had a CPU figure of: a phase without one of them has no brokers' total.
        // Only where a broker keeps its label: a user's broker started again elsewhere is a new target.
        Set<String> brokers = new TreeSet<>();
        if (brokerIdsStable) {
            metrics.values().forEach(m -> brokers.addAll(m.brokerCpu().keySet()));
        }
        // A user's broker started again elsewhere has a new label: there a phase is held to the number of brokers
        // most phases had a figure of, so one whose figure Prometheus missed is not summed over the others.
        int usual = brokerIdsStable ? 0 : usualBrokerCount(metrics.values());
        List<String> brokerWarnings = brokerIdsStable
                ? List.of()
                : unsettledBrokerCount(metrics.values()).stream().toList();
        List<PhaseSummary> phases = DiskRatios.fill(run.phases().stream()
                .map(r -> phase(r, metrics.getOrDefault(r.index(), PhaseMetrics.EMPTY), brokers, usual))
                .toList());
        List<String> warnings = new ArrayList<>(run.warnings());
        warnings.addAll(extraWarnings);
        warnings.addAll(brokerWarnings);
        for (PhaseRecord r : run.phases()) {
            String label = RunPlan.label(r.phase().name(), r.phase().repeat(), plan.repeats());
            Map<String, Double> had =
                    metrics.getOrDefault(r.index(), PhaseMetrics.EMPTY).brokerCpu();
            missingBrokers(label, had, brokers).ifPresent(warnings::add);
            fewerBrokers(label, had, usual).ifPresent(warnings::add);
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

    /**
     * The warning for a phase whose CPU figures ({@code had}, by broker) lack one of {@code brokers}, the
     * brokers other phases had a figure of; none when it has them all, or none at all (said elsewhere).
     */
    static java.util.Optional<String> missingBrokers(String phase, Map<String, Double> had, Set<String> brokers) {
        Set<String> missing = new TreeSet<>(brokers);
        missing.removeAll(had.keySet());
        return had.isEmpty() || missing.isEmpty()
                ? java.util.Optional.empty()
                : java.util.Optional.of("phase " + phase + ": Prometheus had no CPU figure of broker "
                        + String.join(", ", missing)
                        + " over its window (other phases had one): the brokers' and the total CPU are n/a");
    }

    /**
     * The number of brokers most phases had a CPU figure of; 0 when no phase had one, or when no number is
     * the most common (a tie cannot tell a broker missed from one started again elsewhere, which has figures
     * under two targets: {@link #unsettledBrokerCount} says so).
     */
    static int usualBrokerCount(java.util.Collection<PhaseMetrics> metrics) {
        Map<Integer, Long> phasesBySize = phasesBySize(metrics);
        long most =
                phasesBySize.values().stream().mapToLong(Long::longValue).max().orElse(0);
        List<Integer> usual = phasesBySize.entrySet().stream()
                .filter(e -> e.getValue() == most)
                .map(Map.Entry::getKey)
                .toList();
        return usual.size() == 1 ? usual.get(0) : 0;
    }

    /** The warning for phases with figures of different numbers of brokers, none the most common; else empty. */
    static java.util.Optional<String> unsettledBrokerCount(java.util.Collection<PhaseMetrics> metrics) {
        Map<Integer, Long> phasesBySize = phasesBySize(metrics);
        return phasesBySize.size() < 2 || usualBrokerCount(metrics) > 0
                ? java.util.Optional.empty()
                : java.util.Optional.of("phases had CPU figures of different numbers of brokers ("
                        + phasesBySize.keySet().stream()
                                .sorted()
                                .map(String::valueOf)
                                .collect(java.util.stream.Collectors.joining(", "))
                        + "), none the most common: each phase's brokers' and total CPU are over the brokers"
                        + " Prometheus had figures of in its window");
    }

    private static Map<Integer, Long> phasesBySize(java.util.Collection<PhaseMetrics> metrics) {
        return metrics.stream()
                .map(m -> m.brokerCpu().size())
                .filter(n -> n > 0)
                .collect(java.util.stream.Collectors.groupingBy(n -> n, java.util.stream.Collectors.counting()));
    }

    /** The warning for a phase with CPU figures of fewer brokers than most phases had ({@link #usualBrokerCount}). */
    static java.util.Optional<String> fewerBrokers(String phase, Map<String, Double> had, int usual) {
        return had.isEmpty() || had.size() >= usual
                ? java.util.Optional.empty()
                : java.util.Optional.of("phase " + phase + ": Prometheus had CPU figures of " + had.size()
                        + " brokers over its window, where most phases had " + usual
                        + ": the brokers' and the total CPU are n/a");
    }

    static PhaseSummary phase(PhaseRecord r, PhaseMetrics m) {
        return phase(r, m, m.brokerCpu().keySet(), 0);
    }

    static PhaseSummary phase(PhaseRecord r, PhaseMetrics m, Set<String> brokers) {
        return phase(r, m, brokers, 0);
    }

    /**
     * The phase's summary; its brokers' CPU is summed only when it has a figure of every one of {@code brokers}
     * and of at least {@code least} brokers.
     */
    static PhaseSummary phase(PhaseRecord r, PhaseMetrics m, Set<String> brokers, int least) {
        PhaseView l = r.latency();
        Double brokersTotal = m.brokerCpu().isEmpty()
                        || !m.brokerCpu().keySet().containsAll(brokers)
                        || m.brokerCpu().size() < least
                ? null
                : m.brokerCpu().values().stream()
                        .mapToDouble(Double::doubleValue)
                        .sum();
        Double total = m.producerCpu() == null || m.consumerCpu() == null || brokersTotal == null
                ? null
                : m.producerCpu() + m.consumerCpu() + brokersTotal;
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
                l == null || l.count() == 0 ? PhaseSummary.Latency.NONE : latency(l.latencyMs()),
                l == null || l.count() == 0 ? PhaseSummary.Latency.NONE : latency(l.correctedLatencyMs()),
                r.sends() == null
                        ? PhaseSummary.Latency.NONE
                        : latency(r.sends().publishDelayMs()),
                r.achievedRate(),
                r.counts(),
                r.fenced(),
                r.description(),
                new PhaseSummary.Cpu(m.producerCpu(), m.consumerCpu(), m.brokerCpu(), brokersTotal, total),
                new PhaseSummary.Requests(
                        m.produceRps(), m.fetchConsumerRps(), m.fetchFollowerRps(), m.offsetCommitRps()),
                m.bytesInPerSecond(),
                new PhaseSummary.Batching(
                        ratio(m.clientRecordsSent(), m.clientRequests()),
                        ratio(m.clientBytesSent(), m.clientRequests()),
                        ratio(m.clientBatchBytes(), m.clientBatchRecords()),
                        m.batchSizeAvg(),
                        m.compressionRateAvg(),
                        m.recordQueueTimeAvgMs()),
                new PhaseSummary.GcPauses(
                        perMille(m.producerGcPause()), perMille(m.consumerGcPause()), perMille(m.brokersGcPause())),
                r.disk() == null
                        ? null
                        : new PhaseSummary.Disk(
                                r.disk().topic(),
                                r.disk().partitions(),
                                r.disk().bytes(),
                                r.disk().records(),
                                r.disk().bytesPerRecord(),
                                null),
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

    private static PhaseSummary.Latency latency(Percentiles p) {
        return p == null
                ? PhaseSummary.Latency.NONE
                : new PhaseSummary.Latency(
                        finite(p.p50()), finite(p.p95()), finite(p.p99()), finite(p.p999()), finite(p.max()));
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
