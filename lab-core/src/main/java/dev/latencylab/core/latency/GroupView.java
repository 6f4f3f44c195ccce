package dev.latencylab.core.latency;

import dev.latencylab.api.latency.KeyOrder;
import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.latency.ProducerTrack;
import dev.latencylab.api.latency.SlowRecords;
import dev.latencylab.api.latency.Totals;
import dev.latencylab.core.accounting.HostLedgers;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import org.HdrHistogram.Histogram;

/**
 * The views of several consumer-app instances of one group as one view, exactly: each phase's
 * percentiles come from the sum of the instances' histograms (percentiles themselves cannot be
 * merged), counts are summed, the partitions held are the union. The offset ledger is the group's
 * (a file every instance on a host shares), so one copy per file is taken, not a sum: the first read.
 */
public final class GroupView {

    private GroupView() {}

    /**
     * @param views one per instance, each asked with its encoded histograms when there are several
     * @throws IllegalArgumentException when several views are given and a measured phase lacks its histograms
     */
    public static LatencyView merge(List<LatencyView> views) {
        if (views.isEmpty()) {
            throw new IllegalArgumentException("no consumer view to merge");
        }
        if (views.size() == 1) {
            return views.get(0);
        }
        LatencyView first = views.get(0);
        return new LatencyView(
                phases(views), totals(views), producers(views), ledgers(views), first.consumer(), assigned(views));
    }

    private static List<PhaseView> phases(List<LatencyView> views) {
        Map<Integer, List<PhaseView>> byPhase = new LinkedHashMap<>();
        for (LatencyView v : views) {
            for (PhaseView p : v.phases()) {
                byPhase.computeIfAbsent(p.phase(), k -> new ArrayList<>()).add(p);
            }
        }
        List<PhaseView> merged = new ArrayList<>(byPhase.size());
        byPhase.values().forEach(parts -> merged.add(phase(parts)));
        return merged;
    }

    private static PhaseView phase(List<PhaseView> parts) {
        if (parts.size() == 1 && parts.get(0).histograms() != null) {
            return parts.get(0);
        }
        PhaseView first = parts.get(0);
        Histogram latency = HistogramPercentiles.newMicrosHistogram();
        Histogram corrected = HistogramPercentiles.newMicrosHistogram();
        Histogram batchWait = HistogramPercentiles.newMicrosHistogram();
        long count = 0;
        Instant firstReceived = null;
        Instant lastReceived = null;
        for (PhaseView p : parts) {
            if (p.count() > 0 && p.histograms() == null) {
                throw new IllegalArgumentException("phase " + p.phase() + " of an instance came without its"
                        + " histograms: ask each instance with ?histograms=true to merge them");
            }
            if (p.histograms() != null) {
                HistogramPercentiles.addEncoded(latency, p.histograms().latency());
                HistogramPercentiles.addEncoded(corrected, p.histograms().corrected());
                HistogramPercentiles.addEncoded(batchWait, p.histograms().batchWait());
            }
            count += p.count();
            firstReceived = earliest(firstReceived, p.firstReceived());
            lastReceived = latest(lastReceived, p.lastReceived());
        }
        return new PhaseView(
                first.phase(),
                count,
                firstReceived,
                lastReceived,
                HistogramPercentiles.of(latency),
                HistogramPercentiles.of(corrected),
                sum(parts, PhaseView::lost),
                sum(parts, PhaseView::late),
                sum(parts, PhaseView::duplicated),
                sum(parts, PhaseView::redelivered),
                sum(parts, PhaseView::outOfOrder),
                sum(parts, PhaseView::clamped),
                HistogramPercentiles.of(batchWait),
                HistogramPercentiles.encode(latency, corrected, batchWait),
                parts.stream()
                        .map(PhaseView::slow)
                        .filter(s -> s != null)
                        .reduce(SlowRecords::plus)
                        .orElse(null),
                sum(parts, PhaseView::unsampled),
                parts.stream()
                        .map(PhaseView::keyOrder)
                        .filter(k -> k != null)
                        .reduce(KeyOrder::plus)
                        .orElse(null));
    }

    private static Totals totals(List<LatencyView> views) {
        return views.stream()
                .map(LatencyView::totals)
                .filter(t -> t != null)
                .reduce(Totals::plus)
                .orElse(null);
    }

    /**
     * Each producer's tracks summed over the instances; the highest sequence seen is the highest
     * any instance saw. An instance that shares a topic counts the others' records as unobserved.
     */
    private static List<ProducerTrack> producers(List<LatencyView> views) {
        Map<UUID, List<ProducerTrack>> byProducer = new LinkedHashMap<>();
        views.forEach(v -> v.producers().forEach(t -> byProducer
                .computeIfAbsent(t.producerId(), k -> new ArrayList<>())
                .add(t)));
        List<ProducerTrack> merged = new ArrayList<>();
        byProducer
                .values()
                .forEach(tracks ->
                        merged.add(tracks.stream().reduce(ProducerTrack::plus).orElseThrow()));
        return merged;
    }

    /**
     * Per topic, the group's ledger: of the instances that share a ledger file (one host, one folder),
     * the copy read first; the ledgers of different files (instances on other hosts, each knowing only
     * the partitions it read) laid together by {@link HostLedgers}. The instances are read one after
     * the other, so the copies and the histograms come from different moments; a record enters an
     * instance's histograms and its ledger under one lock, so for a phase whose fence passed before this
     * read began (the runner reads the group again once it has) every copy and every histogram holds all
     * of its records, and its figures agree with its counts.
     */
    private static List<LedgerView> ledgers(List<LatencyView> views) {
        Map<String, Map<String, LedgerView>> byTopic = new TreeMap<>();
        for (LatencyView v : views) {
            for (LedgerView l : v.ledgers()) {
                byTopic.computeIfAbsent(String.valueOf(l.topic()), t -> new LinkedHashMap<>())
                        .putIfAbsent(String.valueOf(l.ledgerId()), l);
            }
        }
        List<LedgerView> merged = new ArrayList<>(byTopic.size());
        byTopic.values().forEach(files -> merged.add(HostLedgers.merge(new ArrayList<>(files.values()))));
        return merged;
    }

    private static Map<String, List<Integer>> assigned(List<LatencyView> views) {
        Map<String, TreeSet<Integer>> union = new TreeMap<>();
        views.forEach(
                v -> v.assigned().forEach((topic, partitions) -> union.computeIfAbsent(topic, t -> new TreeSet<>())
                        .addAll(partitions)));
        Map<String, List<Integer>> result = new TreeMap<>();
        union.forEach((topic, partitions) -> result.put(topic, List.copyOf(partitions)));
        return result;
    }

    private static <T> long sum(List<T> items, java.util.function.ToLongFunction<T> f) {
        return items.stream().mapToLong(f).sum();
    }

    private static Instant earliest(Instant a, Instant b) {
        return a == null ? b : b == null || a.isBefore(b) ? a : b;
    }

    private static Instant latest(Instant a, Instant b) {
        return a == null ? b : b == null || a.isAfter(b) ? a : b;
    }
}
