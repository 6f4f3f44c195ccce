package dev.latencylab.runner.results;

import dev.latencylab.api.settings.ProducerSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * summary.md's per-phase tables (latency, publish delay, rate and delivery with the phase's counts,
 * cost, producer client, GC pauses),
 * each column defined once: a setting of the phase, or a figure ({@link Figures}) and its format.
 * The same columns render a row per phase of the run, or a row per scenario phase whose figures
 * are the median over its repeats with their range.
 */
final class PhaseTables {

    /**
     * A column: a setting (text) or a figure by its key, with the figure's format; {@code spreadFmt},
     * when set, renders the figure's spread over repeats instead of its median and range.
     */
    private record Column(
            String header,
            boolean text,
            Function<ProducerSettings, String> setting,
            String key,
            Function<Double, String> fmt,
            Function<Spread, String> spreadFmt) {

        static Column setting(String header, boolean text, Function<ProducerSettings, String> setting) {
            return new Column(header, text, setting, null, null, null);
        }

        static Column figure(String header, String key, Function<Double, String> fmt) {
            return new Column(header, false, null, key, fmt, null);
        }

        /** A yes/no figure (1 or 0): "yes", "no", or over repeats how many of them said yes. */
        static Column flag(String header, String key) {
            return new Column(
                    header,
                    false,
                    null,
                    key,
                    v -> v == null ? Fmt.NA : v == 1 ? "yes" : "no",
                    s -> s.known() == 0
                            ? Fmt.NA
                            : s.values().stream()
                                            .filter(v -> v != null && v == 1)
                                            .count() + " of " + s.known());
        }
    }

    /** A table under its heading (null: it continues the one before), with what its columns mean. */
    private record Table(String heading, String note, List<Column> columns) {}

    private PhaseTables() {}

    /**
     * One row per phase of the run, named by {@code label}; with {@code notes} each table is
     * preceded by what its columns mean. A phase cut short is marked in the latency table.
     */
    static String rows(List<PhaseSummary> phases, Function<PhaseSummary, String> label, boolean notes, String level) {
        List<String> brokers = phases.stream()
                .flatMap(p -> p.cpuCores().brokers().keySet().stream())
                .distinct()
                .sorted(BrokerIds.ORDER)
                .toList();
        StringBuilder b = new StringBuilder();
        boolean first = true;
        for (Table t : tables(brokers)) {
            heading(b, t, notes, level);
            List<List<String>> rows = new ArrayList<>();
            for (PhaseSummary p : phases) {
                List<String> row = new ArrayList<>();
                row.add(label.apply(p) + (first && !p.complete() ? " (partial)" : ""));
                Map<String, Double> figures = Figures.of(p);
                for (Column c : t.columns()) {
                    row.add(
                            c.key() == null
                                    ? c.setting().apply(p.settings())
                                    : c.fmt().apply(figures.get(c.key())));
                }
                rows.add(row);
            }
            b.append(table(t.columns(), rows));
            first = false;
        }
        return b.toString();
    }

    /**
     * One row per scenario phase; each figure is its median over the repeats followed by the range
     * of the repeats' values, "4.21 (3.90..4.80)" ({@code count}: the repeats the run planned).
     */
    static String spreads(List<PhaseSpread> spreads, int count, boolean notes, String level) {
        List<String> brokers = spreads.stream()
                .flatMap(s -> s.figures().keySet().stream())
                .filter(k -> k.startsWith(Figures.CPU_BROKER))
                .map(k -> k.substring(Figures.CPU_BROKER.length()))
                .distinct()
                .sorted(BrokerIds.ORDER)
                .toList();
        StringBuilder b = new StringBuilder();
        for (Table t : tables(brokers)) {
            heading(b, t, notes, level);
            List<List<String>> rows = new ArrayList<>();
            for (PhaseSpread s : spreads) {
                List<String> row = new ArrayList<>();
                row.add(s.name() + (s.repeats() < count ? " (" + s.repeats() + " of " + count + " repeats)" : ""));
                for (Column c : t.columns()) {
                    row.add(
                            c.key() == null
                                    ? c.setting().apply(s.settings())
                                    : c.spreadFmt() != null
                                            ? c.spreadFmt().apply(s.spread(c.key()))
                                            : cell(s.spread(c.key()), c.fmt()));
                }
                rows.add(row);
            }
            b.append(table(t.columns(), rows));
        }
        return b.toString();
    }

    /** The median and the range; the median alone where the repeats agree to the precision shown. */
    static String cell(Spread s, Function<Double, String> fmt) {
        String min = fmt.apply(s.min());
        String max = fmt.apply(s.max());
        if (s.known() <= 1 || min.equals(max)) {
            return fmt.apply(s.median());
        }
        return fmt.apply(s.median()) + " (" + min + ".." + max + ")";
    }

    private static void heading(StringBuilder b, Table t, boolean notes, String level) {
        if (t.heading() != null) {
            b.append(level).append(' ').append(t.heading()).append("\n\n");
        }
        if (notes && t.note() != null) {
            b.append(t.note()).append("\n\n");
        }
    }

    private static List<Table> tables(List<String> brokers) {
        Column linger = Column.setting("linger.ms", false, s -> Integer.toString(s.lingerMs()));
        Column batch = Column.setting("batch.size", false, s -> Integer.toString(s.batchSize()));
        Column compression =
                Column.setting("compression", true, s -> s.compression().kafkaName());
        List<Column> cost = new ArrayList<>(List.of(
                Column.figure("CPU producer", Figures.CPU_PRODUCER, Fmt::cores),
                Column.figure("CPU consumer", Figures.CPU_CONSUMER, Fmt::cores)));
        brokers.forEach(id -> cost.add(Column.figure("CPU broker " + id, Figures.CPU_BROKER + id, Fmt::cores)));
        cost.addAll(List.of(
                Column.figure("CPU total", Figures.CPU_TOTAL, Fmt::cores),
                Column.figure("Produce req/s", Figures.PRODUCE_RPS, Fmt::rate),
                Column.figure("FetchConsumer req/s", Figures.FETCH_CONSUMER_RPS, Fmt::rate),
                Column.figure("FetchFollower req/s", Figures.FETCH_FOLLOWER_RPS, Fmt::rate),
                Column.figure("bytes in kB/s", Figures.BYTES_IN, Fmt::kiloBytes)));
        return List.of(
                new Table(
                        "End-to-end latency (ms)",
                        "Naive = consume time minus actual send time; corrected = consume time minus intended send "
                                + "time (counts the producer's own delay). From the consumer's per-phase histograms, "
                                + "warm-up excluded.",
                        List.of(
                                linger,
                                batch,
                                compression,
                                Column.figure("samples", Figures.SAMPLES, Fmt::count),
                                Column.figure("p50", Figures.P50, Fmt::ms),
                                Column.figure("p95", Figures.P95, Fmt::ms),
                                Column.figure("p99", Figures.P99, Fmt::ms),
                                Column.figure("p99.9", Figures.P999, Fmt::ms),
                                Column.figure("max", Figures.MAX, Fmt::ms),
                                Column.figure("p50 corr.", Figures.CORRECTED_P50, Fmt::ms),
                                Column.figure("p95 corr.", Figures.CORRECTED_P95, Fmt::ms),
                                Column.figure("p99 corr.", Figures.CORRECTED_P99, Fmt::ms),
                                Column.figure("p99.9 corr.", Figures.CORRECTED_P999, Fmt::ms),
                                Column.figure("max corr.", Figures.CORRECTED_MAX, Fmt::ms))),
                new Table(
                        "Publish delay",
                        "How late the open-loop sender handed each record to the Kafka client (actual minus intended "
                                + "send time, HdrHistogram per phase in producer-app), beside the end-to-end latency it "
                                + "is part of (corrected: from the intended send time). ms.",
                        List.of(
                                Column.figure("delay p50", Figures.DELAY_P50, Fmt::ms),
                                Column.figure("delay p99", Figures.DELAY_P99, Fmt::ms),
                                Column.figure("delay p99.9", Figures.DELAY_P999, Fmt::ms),
                                Column.figure("delay max", Figures.DELAY_MAX, Fmt::ms),
                                Column.figure("e2e corr. p50", Figures.CORRECTED_P50, Fmt::ms),
                                Column.figure("e2e corr. p99", Figures.CORRECTED_P99, Fmt::ms))),
                new Table(
                        "Rate and delivery",
                        null,
                        List.of(
                                Column.figure("measured s", Figures.MEASURED_SECONDS, Fmt::rate),
                                Column.setting("payload B", false, s -> Integer.toString(s.payloadBytes())),
                                Column.setting("target rec/s", false, s -> Fmt.rate(s.rate())),
                                Column.figure("achieved rec/s", Figures.ACHIEVED_RATE, Fmt::rate),
                                Column.figure("achieved", Figures.ACHIEVED_SHARE, Fmt::percent))),
                new Table(
                        null,
                        "Counts per phase: the records sent with the phase's id, counted once the phase was closed "
                                + "(the consumer group had processed every offset the producer acknowledged in it). "
                                + "received = distinct records (a record written twice counts once); acked + stored"
                                + " despite failure = received + lost + unobserved + unread; a failed send is not a"
                                + " loss; redelivered = read again after a restart or rebalance (docs/contracts.md:"
                                + " What each count means).",
                        List.of(
                                Column.flag("closed", Figures.FENCED),
                                Column.figure("sent", Figures.SENT, Fmt::count),
                                Column.figure("acked", Figures.ACKED, Fmt::count),
                                Column.figure("failed", Figures.FAILED, Fmt::count),
                                Column.figure("received", Figures.RECEIVED, Fmt::count),
                                Column.figure("lost", Figures.LOST, Fmt::count),
                                Column.figure("unobserved", Figures.UNOBSERVED, Fmt::count),
                                Column.figure("unread", Figures.UNREAD, Fmt::count),
                                Column.figure("stored despite failure", Figures.STORED_DESPITE_FAILURE, Fmt::count),
                                Column.figure("late", Figures.LATE, Fmt::count),
                                Column.figure("duplicated", Figures.DUPLICATED, Fmt::count),
                                Column.figure("redelivered", Figures.REDELIVERED, Fmt::count),
                                Column.figure("out of order", Figures.OUT_OF_ORDER, Fmt::count),
                                Column.figure("clamped", Figures.CLAMPED, Fmt::count))),
                new Table(
                        "Cost (Prometheus, averaged over each measured window; CPU in cores)",
                        "CPU: CPU seconds per second of each process (1.00 = one core busy all the time); the "
                                + "processes share this machine's cores. Requests/s: summed over the brokers "
                                + "(FetchFollower is replication between brokers). Bytes in: what producers wrote, "
                                + "summed over the brokers, replication excluded, in kB/s (1 kB = 1000 bytes).",
                        cost),
                new Table(
                        "Producer client (Kafka client metrics)",
                        "Counted over each measured window alone, from how much the client's counters grew in it: "
                                + "records / request = record-send-total / request-total, bytes / request = "
                                + "outgoing-byte-total / request-total (request-total counts every request the client "
                                + "sent: Produce, plus a few Metadata; bytes include request headers), batch B / record "
                                + "= the per-topic byte-total (batches as sent, after compression) / per-topic "
                                + "record-send-total. The client has no counter behind the three marked \"trailing\": "
                                + "they are its own averages over its trailing 30-60 s (batch-size-avg: bytes per batch; "
                                + "compression-rate-avg: compressed / uncompressed, 1.00 = none; record-queue-time-avg: "
                                + "ms a record waited for its batch to be sent), averaged over the later part of the "
                                + "window, so a short window still holds some of the warm-up. Records / Produce request "
                                + "(brokers): records sent / Produce requests the brokers counted, a check on the first "
                                + "column from the other side.",
                        List.of(
                                Column.figure("records / request", Figures.RECORDS_PER_REQUEST, Fmt::ratio),
                                Column.figure("bytes / request", Figures.BYTES_PER_REQUEST, Fmt::rate),
                                Column.figure("batch B / record", Figures.BATCH_BYTES_PER_RECORD, Fmt::rate),
                                Column.figure("batch-size-avg B (trailing)", Figures.BATCH_SIZE_AVG, Fmt::rate),
                                Column.figure(
                                        "compression-rate-avg (trailing)", Figures.COMPRESSION_RATE_AVG, Fmt::ratio),
                                Column.figure(
                                        "record-queue-time-avg ms (trailing)", Figures.RECORD_QUEUE_TIME_AVG, Fmt::ms),
                                Column.figure(
                                        "records / Produce request (brokers)",
                                        Figures.RECORDS_PER_PRODUCE_REQUEST,
                                        Fmt::ratio))),
                new Table(
                        "GC pauses (ms paused per second of each measured window)",
                        "From the JVMs' own GC metrics (Micrometer's jvm_gc_pause_seconds in the apps, the JMX "
                                + "exporter's jvm_gc_collection_seconds in the brokers, summed over the three): a pause "
                                + "stops every thread of that process, so it shows up in the latencies of the records it "
                                + "held.",
                        List.of(
                                Column.figure("producer ms/s", Figures.GC_PRODUCER, Fmt::ms),
                                Column.figure("consumer ms/s", Figures.GC_CONSUMER, Fmt::ms),
                                Column.figure("brokers ms/s", Figures.GC_BROKERS, Fmt::ms))));
    }

    private static String table(List<Column> columns, List<List<String>> rows) {
        StringBuilder b = new StringBuilder();
        List<String> header = new ArrayList<>(List.of("phase"));
        // Text columns left, figures right, so numbers line up when the Markdown is read raw.
        List<String> align = new ArrayList<>(List.of("---"));
        for (Column c : columns) {
            header.add(c.header());
            align.add(c.text() ? "---" : "---:");
        }
        line(b, header);
        line(b, align);
        rows.forEach(r -> line(b, r));
        return b.append('\n').toString();
    }

    private static void line(StringBuilder b, List<String> cells) {
        b.append('|');
        for (String c : cells) {
            b.append(' ').append(c.replace("|", "\\|")).append(" |");
        }
        b.append('\n');
    }
}
