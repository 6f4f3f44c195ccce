package dev.latencylab.runner.results;

import dev.latencylab.api.accounting.PhaseCounts;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/** summary.md: one row per phase in each table, then the reading, the totals, the charts and any warnings. */
final class MarkdownReport {

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

    private static final Set<String> TEXT_COLUMNS = Set.of("phase", "compression");

    private MarkdownReport() {}

    public static String render(RunSummary s, List<String> charts) {
        StringBuilder b = new StringBuilder();
        b.append("# ").append(s.scenario()).append('\n').append('\n');
        if (s.description() != null) {
            b.append(s.description().strip()).append('\n').append('\n');
        }
        b.append("Run ")
                .append(TIME.format(s.startedAt()))
                .append(" to ")
                .append(TIME.format(s.endedAt()))
                .append(" (UTC)");
        b.append(
                s.complete()
                        ? ", complete."
                        : ", NOT complete: " + s.stopReason() + ". The tables hold the phases measured until then.");
        b.append('\n').append('\n');
        b.append(tables(s.phases()));
        if (s.reading() != null) {
            b.append("## Reading\n\n")
                    .append(s.reading().paragraph())
                    .append("\n\n")
                    .append(s.reading().sanity())
                    .append("\n\n")
                    .append(s.reading().caveat())
                    .append("\n\n");
        }
        b.append(totals(s.totals()));
        if (!charts.isEmpty()) {
            b.append("## Charts\n\n");
            for (String c : charts) {
                b.append("![")
                        .append(c.replace(".png", ""))
                        .append("](")
                        .append(c)
                        .append(")\n\n");
            }
        }
        if (!s.warnings().isEmpty()) {
            b.append("## Warnings\n\n");
            for (String w : s.warnings()) {
                b.append("- ").append(w.replace("|", "\\|")).append('\n');
            }
            b.append('\n');
        }
        return b.toString();
    }

    /** The per-phase tables: latency, rate and delivery, cost, producer client, GC pauses. */
    public static String tables(List<PhaseSummary> phases) {
        StringBuilder b = new StringBuilder();
        b.append("## End-to-end latency (ms)\n\n")
                .append(
                        "Naive = consume time minus actual send time; corrected = consume time minus intended send time "
                                + "(counts the producer's own delay). From the consumer's per-phase histograms, warm-up excluded.\n\n");
        b.append(table(
                List.of(
                        "phase",
                        "linger.ms",
                        "batch.size",
                        "compression",
                        "samples",
                        "p50",
                        "p95",
                        "p99",
                        "p99.9",
                        "max",
                        "p50 corr.",
                        "p95 corr.",
                        "p99 corr.",
                        "p99.9 corr.",
                        "max corr."),
                phases,
                p -> List.of(
                        p.name() + (p.complete() ? "" : " (partial)"),
                        Integer.toString(p.settings().lingerMs()),
                        Integer.toString(p.settings().batchSize()),
                        p.settings().compression().kafkaName(),
                        Fmt.count(p.samples()),
                        Fmt.ms(p.latencyMs().p50()),
                        Fmt.ms(p.latencyMs().p95()),
                        Fmt.ms(p.latencyMs().p99()),
                        Fmt.ms(p.latencyMs().p999()),
                        Fmt.ms(p.latencyMs().max()),
                        Fmt.ms(p.correctedLatencyMs().p50()),
                        Fmt.ms(p.correctedLatencyMs().p95()),
                        Fmt.ms(p.correctedLatencyMs().p99()),
                        Fmt.ms(p.correctedLatencyMs().p999()),
                        Fmt.ms(p.correctedLatencyMs().max()))));

        b.append("## Publish delay\n\n");
        b.append("How late the open-loop sender handed each record to the Kafka client (actual minus intended send"
                + " time, HdrHistogram per phase in producer-app), beside the end-to-end latency it is part of"
                + " (corrected: from the intended send time). ms.\n\n");
        b.append(table(
                List.of(
                        "phase",
                        "delay p50",
                        "delay p99",
                        "delay p99.9",
                        "delay max",
                        "e2e corr. p50",
                        "e2e corr. p99"),
                phases,
                p -> List.of(
                        p.name(),
                        Fmt.ms(p.publishDelayMs().p50()),
                        Fmt.ms(p.publishDelayMs().p99()),
                        Fmt.ms(p.publishDelayMs().p999()),
                        Fmt.ms(p.publishDelayMs().max()),
                        Fmt.ms(p.correctedLatencyMs().p50()),
                        Fmt.ms(p.correctedLatencyMs().p99()))));

        b.append("## Rate and delivery\n\n");
        b.append(table(
                List.of("phase", "measured s", "payload B", "target rec/s", "achieved rec/s", "achieved"),
                phases,
                p -> List.of(
                        p.name(),
                        Fmt.rate(p.measuredSeconds()),
                        Integer.toString(p.settings().payloadBytes()),
                        Fmt.rate(p.settings().rate()),
                        Fmt.rate(p.achievedRate()),
                        Fmt.percent(p.achievedShare()))));
        b.append("Counts per phase: the records sent with the phase's id, counted once the phase was closed (the"
                + " consumer group had processed every offset the producer acknowledged in it). acked = received +"
                + " lost + unobserved; a failed send is not a loss; redelivered = read again after a restart or"
                + " rebalance (README: How latency is measured).\n\n");
        b.append(table(
                List.of(
                        "phase",
                        "closed",
                        "sent",
                        "acked",
                        "failed",
                        "received",
                        "lost",
                        "unobserved",
                        "late",
                        "duplicated",
                        "redelivered",
                        "out of order",
                        "clamped"),
                phases,
                p -> {
                    PhaseCounts c = p.counts();
                    return List.of(
                            p.name(),
                            c == null ? "n/a" : p.fenced() ? "yes" : "no",
                            c == null ? "n/a" : Fmt.count(c.sent()),
                            c == null ? "n/a" : Fmt.count(c.acked()),
                            c == null ? "n/a" : Fmt.count(c.failed()),
                            c == null ? "n/a" : Fmt.count(c.received()),
                            c == null ? "n/a" : Fmt.count(c.lost()),
                            c == null ? "n/a" : Fmt.count(c.unobserved()),
                            c == null ? "n/a" : Fmt.count(c.late()),
                            c == null ? "n/a" : Fmt.count(c.duplicated()),
                            c == null ? "n/a" : Fmt.count(c.redelivered()),
                            c == null ? "n/a" : Fmt.count(c.outOfOrder()),
                            c == null ? "n/a" : Fmt.count(c.clamped()));
                }));

        List<String> brokers = phases.stream()
                .flatMap(p -> p.cpuCores().brokers().keySet().stream())
                .distinct()
                .sorted(BrokerIds.ORDER)
                .toList();
        List<String> costHeader = new ArrayList<>(List.of("phase", "CPU producer", "CPU consumer"));
        brokers.forEach(id -> costHeader.add("CPU broker " + id));
        costHeader.addAll(
                List.of("CPU total", "Produce req/s", "FetchConsumer req/s", "FetchFollower req/s", "bytes in kB/s"));
        b.append("## Cost (Prometheus, averaged over each measured window; CPU in cores)\n\n")
                .append(
                        "CPU: CPU seconds per second of each process (1.00 = one core busy all the time); the processes share "
                                + "this machine's cores. Requests/s: summed over the brokers (FetchFollower is replication between "
                                + "brokers). Bytes in: what producers wrote, summed over the brokers, replication excluded, in kB/s "
                                + "(1 kB = 1000 bytes).\n\n");
        b.append(table(costHeader, phases, p -> {
            List<String> row = new ArrayList<>(List.of(
                    p.name(),
                    Fmt.cores(p.cpuCores().producer()),
                    Fmt.cores(p.cpuCores().consumer())));
            brokers.forEach(id -> row.add(Fmt.cores(p.cpuCores().brokers().get(id))));
            row.addAll(List.of(
                    Fmt.cores(p.cpuCores().total()),
                    Fmt.rate(p.requestsPerSecond().produce()),
                    Fmt.rate(p.requestsPerSecond().fetchConsumer()),
                    Fmt.rate(p.requestsPerSecond().fetchFollower()),
                    Fmt.kiloBytes(p.bytesInPerSecond())));
            return row;
        }));

        b.append("## Producer client (Kafka client metrics)\n\n")
                .append("Counted over each measured window alone, from how much the client's counters grew in it: "
                        + "records / request = record-send-total / request-total, bytes / request = outgoing-byte-total "
                        + "/ request-total (request-total counts every request the client sent: Produce, plus a few "
                        + "Metadata; bytes include request headers), batch B / record = the per-topic byte-total "
                        + "(batches as sent, after compression) / per-topic record-send-total. The client has no "
                        + "counter behind the three marked \"trailing\": they are its own averages over its trailing "
                        + "30-60 s (batch-size-avg: bytes per batch; compression-rate-avg: compressed / uncompressed, "
                        + "1.00 = none; record-queue-time-avg: ms a record waited for its batch to be sent), averaged "
                        + "over the later part of the window, so a short window still holds some of the warm-up. "
                        + "Records / Produce request (brokers): records sent / Produce requests the brokers counted, "
                        + "a check on the first column from the other side.\n\n");
        b.append(table(
                List.of(
                        "phase",
                        "records / request",
                        "bytes / request",
                        "batch B / record",
                        "batch-size-avg B (trailing)",
                        "compression-rate-avg (trailing)",
                        "record-queue-time-avg ms (trailing)",
                        "records / Produce request (brokers)"),
                phases,
                p -> List.of(
                        p.name(),
                        Fmt.ratio(p.producer().recordsPerRequest()),
                        Fmt.rate(p.producer().bytesPerRequest()),
                        Fmt.rate(p.producer().batchBytesPerRecord()),
                        Fmt.rate(p.producer().batchSizeAvg()),
                        Fmt.ratio(p.producer().compressionRateAvg()),
                        Fmt.ms(p.producer().recordQueueTimeAvgMs()),
                        Fmt.ratio(p.recordsPerProduceRequest()))));

        b.append("\n## GC pauses (ms paused per second of each measured window)\n\n")
                .append("From the JVMs' own GC metrics (Micrometer's jvm_gc_pause_seconds in the apps, the JMX "
                        + "exporter's jvm_gc_collection_seconds in the brokers, summed over the three): a pause stops "
                        + "every thread of that process, so it shows up in the latencies of the records it held.\n\n");
        b.append(table(List.of("phase", "producer ms/s", "consumer ms/s", "brokers ms/s"), phases, p -> {
            PhaseSummary.GcPauses gc =
                    p.gcPauseMsPerSecond() == null ? PhaseSummary.GcPauses.NONE : p.gcPauseMsPerSecond();
            return List.of(p.name(), Fmt.ms(gc.producer()), Fmt.ms(gc.consumer()), Fmt.ms(gc.brokers()));
        }));
        return b.toString();
    }

    static String table(List<String> header, List<PhaseSummary> phases, Function<PhaseSummary, List<String>> row) {
        StringBuilder b = new StringBuilder();
        line(b, header);
        List<String> align = new ArrayList<>();
        for (String h : header) {
            // Text columns left, figures right, so numbers line up when the Markdown is read raw.
            align.add(TEXT_COLUMNS.contains(h) ? "---" : "---:");
        }
        line(b, align);
        for (PhaseSummary p : phases) {
            line(b, row.apply(p));
        }
        return b.append('\n').toString();
    }

    private static void line(StringBuilder b, List<String> cells) {
        b.append('|');
        for (String c : cells) {
            b.append(' ').append(c.replace("|", "\\|")).append(" |");
        }
        b.append('\n');
    }

    private static String totals(RunSummary.Totals t) {
        if (t == null) {
            return "";
        }
        return "## Totals\n\n"
                + "Producer (since the app started): sent " + Fmt.count(t.producerSent()) + ", acked "
                + Fmt.count(t.producerAcked())
                + ", failed " + Fmt.count(t.producerFailed()) + ".\n"
                + "Consumer (since the run's reset, warm-ups included): received " + Fmt.count(t.received()) + ", lost "
                + Fmt.count(t.lost()) + ", late " + Fmt.count(t.late()) + ", unobserved " + Fmt.count(t.unobserved())
                + " (numbers before the consumer's start in some partition, not counted as lost), duplicated "
                + Fmt.count(t.duplicated()) + ", out of order "
                + Fmt.count(t.outOfOrder())
                + ", skipped " + Fmt.count(t.skipped()) + ", pending " + Fmt.count(t.pending())
                + (t.drained()
                        ? " (everything sent was received)."
                        : " (the consumer had not received everything when totals were read).")
                + "\n\n";
    }
}
