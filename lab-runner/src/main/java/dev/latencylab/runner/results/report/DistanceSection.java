package dev.latencylab.runner.results.report;

import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.runner.results.summary.Fmt;
import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.run.PhaseDescription;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * The "Distance" section of summary.md: per phase with a round trip added between the far
 * producer-app and the brokers, the round trip asked for and measured, the throughput, and the
 * bound a reader can check: a connection carries at most min(its window, in-flight requests x
 * batch.size) per round trip, one connection per broker leading a partition of the topic.
 */
final class DistanceSection {

    private static final MarkdownSection.Columns COLUMNS = MarkdownSection.Columns.text("phase")
            .andFigures("RTT ms | measured RTT ms p50 (p99) | records/s | MB/s | send buffer | receive buffer"
                    + " | in flight x batch | bound MB/s");

    private DistanceSection() {}

    static List<PhaseSummary> delayed(List<PhaseSummary> phases) {
        return phases.stream()
                // A phase cut short measured its round trips over a shorter window: no point of the reading.
                .filter(p -> p.complete()
                        && p.description() != null
                        && p.description().network() != null)
                .toList();
    }

    /** The phases by their settings set: the name before {@code -rtt-}, or the whole name. */
    static Map<String, List<PhaseSummary>> sets(List<PhaseSummary> phases) {
        Map<String, List<PhaseSummary>> sets = new LinkedHashMap<>();
        for (PhaseSummary p : delayed(phases)) {
            int cut = p.name().lastIndexOf("-rtt");
            sets.computeIfAbsent(cut > 0 ? p.name().substring(0, cut) : p.name(), k -> new ArrayList<>())
                    .add(p);
        }
        return sets;
    }

    static String render(List<PhaseSummary> phases) {
        List<PhaseSummary> delayed = delayed(phases);
        if (delayed.isEmpty()) {
            return "";
        }
        PhaseDescription.Network first = delayed.get(0).description().network();
        MarkdownSection md = MarkdownSection.titled("Distance")
                .paragraph("The producer-app ran in a network namespace behind the lab's delay wire ("
                        + first.mechanism()
                        + (first.mechanism().equals("netem")
                                ? ": the kernel's netem on a veth pair"
                                : ": two TUN devices and a process holding each packet for half the round trip each way;"
                                        + " this kernel has no netem")
                        + "), so TCP's window and the in-flight requests meet the round trip as on a long link."
                        + " Replication and the consumer are not delayed. Measured RTT: the wire's probe, a"
                        + " 64-byte TCP echo across it every 200 ms during the phase. MB/s: bytes the brokers"
                        + " took in for the topic (Prometheus). Bound: per round trip at most min(connections x"
                        + " min(send buffer, receive buffer), partitions x in-flight requests x batch.size), one"
                        + " connection per broker leading a partition (a request carries a batch of each of its"
                        + " partitions); a buffer the kernel tunes has no fixed bound here.")
                .table(COLUMNS);
        for (PhaseSummary p : delayed) {
            PhaseDescription.Network n = p.description().network();
            ProducerSettings s = p.settings();
            Double bound = bound(p);
            md.row(
                    p.name(),
                    Fmt.plain(n.rttMs()),
                    n.measuredRttMs() == null
                            ? Fmt.NA
                            : String.format(Locale.ROOT, "%.2f (%.2f)", n.measuredRttMs(), n.measuredRttP99Ms()),
                    Fmt.rate(p.achievedRate()),
                    mb(megabytes(p)),
                    sendBuffer(s) < 0 ? "kernel" : sendBuffer(s),
                    n.receiveBufferBytes() < 0 ? "kernel" : n.receiveBufferBytes(),
                    inFlight(s) + " x " + s.batchSize(),
                    bound == null ? "-" : mb(bound));
        }
        return md.endTable().paragraph(reading(phases)).toString();
    }

    /** Throughput against the round trip per settings set, and the bound that explains the drop. */
    static String reading(List<PhaseSummary> phases) {
        List<String> sentences = new ArrayList<>();
        sets(phases).forEach((set, ps) -> {
            PhaseSummary near = ps.stream()
                    .min(Comparator.comparingDouble(
                            p -> p.description().network().rttMs()))
                    .orElseThrow();
            PhaseSummary far = ps.stream()
                    .max(Comparator.comparingDouble(
                            p -> p.description().network().rttMs()))
                    .orElseThrow();
            if (near == far || megabytes(near) == null || megabytes(far) == null) {
                return;
            }
            Double bound = bound(far);
            sentences.add(String.format(
                    Locale.ROOT,
                    "%s: %s MB/s at %s ms added, %s MB/s at %s ms (%s)%s.",
                    set,
                    mb(megabytes(near)),
                    Fmt.plain(near.description().network().rttMs()),
                    mb(megabytes(far)),
                    Fmt.plain(far.description().network().rttMs()),
                    Fmt.relative(megabytes(far), megabytes(near)),
                    bound == null
                            ? ""
                            : String.format(
                                    Locale.ROOT,
                                    "; at that distance %d connections x %s KB in flight per %s ms round trip"
                                            + " bound it to %s MB/s",
                                    connections(far),
                                    Fmt.plain(Math.round(inFlightBytes(far) / connections(far) / 102.4) / 10.0),
                                    Fmt.plain(far.description().network().rttMs()),
                                    mb(bound))));
        });
        return sentences.isEmpty() ? "" : String.join(" ", sentences);
    }

    /** MB/s: the brokers' bytes in for the topic, or acknowledged records x payload without Prometheus. */
    static Double megabytes(PhaseSummary p) {
        if (p.bytesInPerSecond() != null) {
            return p.bytesInPerSecond() / 1e6;
        }
        return p.achievedRate() == null ? null : p.achievedRate() * p.settings().payloadBytes() / 1e6;
    }

    private static int partitions(PhaseSummary p) {
        return Math.max(1, p.description().partitions().size());
    }

    /**
     * The producer's connections to the topic: one per broker leading a partition, so at most the
     * partitions and at most the brokers (those Prometheus had CPU figures of, when it had every one's; else the
     * partitions).
     */
    private static int connections(PhaseSummary p) {
        // Only a complete count (the brokers' total summed): a broker whose figures Prometheus missed still leads.
        int brokers = p.cpuCores() == null || p.cpuCores().brokersTotal() == null
                ? 0
                : p.cpuCores().brokers().size();
        return brokers > 0 ? Math.min(partitions(p), brokers) : partitions(p);
    }

    /**
     * Bytes the phase's connections can have in flight at most: each within its buffers (unless the kernel
     * tunes one), all of them within the in-flight requests' batches, one per partition a request carries.
     */
    private static double inFlightBytes(PhaseSummary p) {
        ProducerSettings s = p.settings();
        double batches = (double) partitions(p) * inFlight(s) * s.batchSize();
        int receive = p.description().network().receiveBufferBytes();
        if (sendBuffer(s) < 0 || receive < 0) {
            return batches;
        }
        return Math.min((double) connections(p) * Math.min(sendBuffer(s), receive), batches);
    }

    private static int sendBuffer(ProducerSettings s) {
        return clientInt(s, ProducerConfig.SEND_BUFFER_CONFIG);
    }

    private static int inFlight(ProducerSettings s) {
        return clientInt(s, ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION);
    }

    /**
     * A Kafka property the phase gave in its {@code producerConfig}, else Kafka's default: what the
     * producer-app ran with unless its client config file set another (which the results do not hold).
     */
    private static int clientInt(ProducerSettings s, String property) {
        String given = s.producerConfig().get(property);
        return given != null
                ? Integer.parseInt(given.trim())
                : (Integer) ProducerConfig.configDef().defaultValues().get(property);
    }

    /** MB/s a phase's connections can carry over its round trip at most; null at 0 ms. */
    static Double bound(PhaseSummary p) {
        double rtt = p.description().network().rttMs();
        if (rtt <= 0) {
            return null;
        }
        return inFlightBytes(p) / (rtt / 1000.0) / 1e6;
    }

    private static String mb(Double v) {
        return v == null ? Fmt.NA : String.format(Locale.ROOT, v >= 10 ? "%.1f" : "%.2f", v);
    }
}
