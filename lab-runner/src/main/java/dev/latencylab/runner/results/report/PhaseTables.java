package dev.latencylab.runner.results.report;

import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.runner.results.collect.BrokerIds;
import dev.latencylab.runner.results.summary.Figure;
import dev.latencylab.runner.results.summary.Figure.Table;
import dev.latencylab.runner.results.summary.Figures;
import dev.latencylab.runner.results.summary.Fmt;
import dev.latencylab.runner.results.summary.PhaseSpread;
import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.results.summary.Spread;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * summary.md's per-phase tables (latency, publish delay, rate and delivery with the phase's counts,
 * cost, producer client, GC pauses),
 * each column defined once: a setting of the phase, or a figure ({@link Figures}) and its format.
 * The same columns render a row per phase of the run, or a row per scenario phase whose figures
 * are the median over its repeats with their range.
 */
final class PhaseTables {

    /** A table's heading (null: it continues the one before), with what its columns mean. */
    private record Heading(String title, String note) {}

    /** The heading of each table of figures ({@link Table}, in the order shown). */
    private static Heading headingOf(Table t) {
        return switch (t) {
            case LATENCY ->
                new Heading(
                        "End-to-end latency (ms)",
                        "Naive = consume time minus actual send time; corrected = consume time minus intended send "
                                + "time (counts the producer's own delay). From the consumer's per-phase histograms, "
                                + "warm-up excluded. A percentile of fewer samples than it needs (20 for p95, 100 for p99,"
                                + " 1,000 for p99.9) is n/a: it would be the max.");
            case DELAY ->
                new Heading(
                        "Publish delay",
                        "How late the open-loop sender handed each record to the Kafka client (actual minus intended "
                                + "send time, HdrHistogram per phase in producer-app), beside the end-to-end latency it "
                                + "is part of (corrected: from the intended send time). ms. Of several producer instances,"
                                + " each percentile is the worst instance's; n/a where the fewest sends of an instance"
                                + " are too few for it, as above.");
            case RATE -> new Heading("Rate and delivery", null);
            case COUNTS ->
                new Heading(
                        null,
                        "Counts per phase: the records sent with the phase's id, counted once the phase was closed "
                                + "(the consumer group had processed every offset the producer acknowledged in it). "
                                + "received = distinct records (a record written twice counts once); acked + stored"
                                + " despite failure = received + lost + unobserved + unread; a failed send is not a"
                                + " loss; redelivered = read again after a restart or rebalance (docs/contracts.md:"
                                + " What each count means).");
            case COST ->
                new Heading(
                        "Cost (Prometheus, averaged over each measured window; CPU in cores)",
                        "CPU: CPU seconds per second of each process (1.00 = one core busy all the time); on "
                                + "one machine the processes share its cores. Requests/s: summed over the brokers "
                                + "(FetchFollower is replication between brokers). Bytes in: what producers wrote, "
                                + "summed over the brokers, replication excluded, in kB/s (1 kB = 1000 bytes).");
            case PRODUCER ->
                new Heading(
                        "Producer client (Kafka client metrics)",
                        "Counted over each measured window alone, from how much the client's counters grew in it: "
                                + "records / request = record-send-total / request-total, bytes / request = "
                                + "outgoing-byte-total / request-total (request-total counts every request the client "
                                + "sent: Produce, plus a few Metadata; bytes include request headers; n/a for a phase in "
                                + "transactions, whose client also sends each transaction's EndTxn), batch B / record "
                                + "= the per-topic byte-total (batches as sent, after compression) / per-topic "
                                + "record-send-total. The client has no counter behind the three marked \"trailing\": "
                                + "they are its own averages over its trailing 30-60 s (batch-size-avg: bytes per batch; "
                                + "compression-rate-avg: compressed / uncompressed, 1.00 = none; record-queue-time-avg: "
                                + "ms a record waited for its batch to be sent), averaged over the later part of the "
                                + "window, so a short window still holds some of the warm-up (each phase's warm-up "
                                + "starts a fresh client: never another phase's batches). Records / Produce request "
                                + "(brokers): records sent / Produce requests the brokers counted, a check on the first "
                                + "column from the other side.");
            case GC ->
                new Heading(
                        "GC pauses (ms paused per second of each measured window)",
                        "From the JVMs' own GC metrics (Micrometer's jvm_gc_pause_seconds in the apps, the JMX "
                                + "exporter's jvm_gc_collection_seconds in the brokers, summed over the three): a pause "
                                + "stops every thread of that process, so it shows up in the latencies of the records it "
                                + "held.");
        };
    }

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

        static Column figure(String header, Figure f) {
            return f.key().equals(Figures.FENCED)
                    ? flag(header, f.key())
                    : new Column(header, false, null, f.key(), f.format(), null);
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

    private PhaseTables() {}

    /**
     * One row per phase of the run, named by {@code label}; with {@code notes} each table is
     * preceded by what its columns mean. A phase cut short is marked in the latency table.
     */
    static String rows(List<PhaseSummary> phases, Function<PhaseSummary, String> label, boolean notes, String level) {
        List<Row> rows = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        for (PhaseSummary p : phases) {
            Map<String, Double> figures = Figures.of(p);
            keys.addAll(figures.keySet());
            rows.add(new Row(
                    t -> label.apply(p) + (t == Table.LATENCY && !p.complete() ? " (partial)" : ""),
                    p.settings(),
                    c -> c.fmt().apply(figures.get(c.key()))));
        }
        return render(rows, keys, notes, level);
    }

    /**
     * One row per scenario phase; each figure is its median over the repeats followed by the range
     * of the repeats' values, "4.21 (3.90..4.80)" ({@code count}: the repeats the run planned). A repeat cut
     * short is not among them, unless the phase has none other (then marked as a row is).
     */
    static String spreads(List<PhaseSpread> spreads, int count, boolean notes, String level) {
        List<Row> rows = spreads.stream()
                .map(s -> new Row(
                        t -> s.name()
                                + (s.repeats() < count ? " (" + s.repeats() + " of " + count + " repeats)" : "")
                                + (t == Table.LATENCY && s.partial() ? " (partial)" : ""),
                        s.settings(),
                        c -> c.spreadFmt() != null
                                ? c.spreadFmt().apply(s.spread(c.key()))
                                : s.spread(c.key()).shown(c.fmt())))
                .toList();
        return render(
                rows,
                spreads.stream().flatMap(s -> s.figures().keySet().stream()).toList(),
                notes,
                level);
    }

    /** A row of every table: its name in each, the settings it ran with, and its cell of a figure's column. */
    private record Row(Function<Table, String> name, ProducerSettings settings, Function<Column, String> figure) {}

    /** The tables of these rows, with a column per broker among the figures' {@code keys}. */
    private static String render(List<Row> rows, List<String> keys, boolean notes, String level) {
        List<String> brokers = keys.stream()
                .filter(k -> k.startsWith(Figures.CPU_BROKER))
                .map(k -> k.substring(Figures.CPU_BROKER.length()))
                .distinct()
                .sorted(BrokerIds.ORDER)
                .toList();
        List<String> varying = ProducerSettings.NAMES.stream()
                .filter(s -> !ALWAYS_SHOWN.contains(s))
                .filter(s -> rows.stream()
                                .map(r -> r.settings().shown().get(s))
                                .distinct()
                                .count()
                        > 1)
                .toList();
        StringBuilder b = new StringBuilder();
        for (Table t : Table.values()) {
            MarkdownSection s = MarkdownSection.into(b);
            heading(s, t, notes, level);
            List<Column> columns = columns(t, brokers, varying);
            MarkdownSection.Columns declared = MarkdownSection.Columns.text("phase");
            for (Column c : columns) {
                declared = c.text() ? declared.andText(c.header()) : declared.andFigures(c.header());
            }
            s.table(declared);
            for (Row r : rows) {
                List<String> row = new ArrayList<>(List.of(r.name().apply(t)));
                columns.forEach(c -> row.add(
                        c.key() == null
                                ? c.setting().apply(r.settings())
                                : r.figure().apply(c)));
                s.row(row.toArray());
            }
            s.endTable();
        }
        return b.toString();
    }

    private static void heading(MarkdownSection s, Table t, boolean notes, String level) {
        Heading h = headingOf(t);
        if (h.title() != null) {
            s.heading(level, h.title());
        }
        if (notes && h.note() != null) {
            s.paragraph(h.note());
        }
    }

    /** Settings with a column of their own in every report; the others get one where the phases differ in them. */
    private static final Set<String> ALWAYS_SHOWN =
            Set.of("lingerMs", "batchSize", "compression", "payloadBytes", "rate");

    /**
     * The table's columns: its figures ({@link Figures}), a broker's once per broker, and around
     * them the settings the phase ran with: linger, batch and codec always, then every other setting
     * of the table in which the phases differ ({@code varying}), so no two rows look alike but for
     * their figures.
     */
    private static List<Column> columns(Table t, List<String> brokers, List<String> varying) {
        List<Column> c = new ArrayList<>();
        if (t == Table.LATENCY) {
            c.add(Column.setting("linger.ms", false, s -> Integer.toString(s.lingerMs())));
            c.add(Column.setting("batch.size", false, s -> Integer.toString(s.batchSize())));
            c.add(Column.setting("compression", true, s -> s.compression().kafkaName()));
            varying.forEach(name -> c.add(Column.setting(name, true, s -> shown(name, s))));
        }
        for (Figure f : Figures.of(t, brokers)) {
            c.add(Column.figure(f.column(), f));
            if (f.key().equals(Figures.MEASURED_SECONDS)) {
                c.add(Column.setting("payload B", false, s -> Integer.toString(s.payloadBytes())));
                c.add(Column.setting("target rec/s", false, s -> Fmt.rate(s.rate())));
            }
        }
        if (t == Table.DELAY) {
            // Beside the delay, the end-to-end latency it is part of.
            c.add(Column.figure("e2e corr. p50", Figures.byKey(Figures.CORRECTED_P50)));
            c.add(Column.figure("e2e corr. p99", Figures.byKey(Figures.CORRECTED_P99)));
        }
        return c;
    }

    private static String shown(String name, ProducerSettings s) {
        Object value = s.shown().get(name);
        return value == null ? Fmt.NA : value.toString();
    }
}
