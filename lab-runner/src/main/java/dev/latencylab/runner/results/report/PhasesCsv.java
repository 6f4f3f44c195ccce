package dev.latencylab.runner.results.report;

import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.runner.results.summary.Figures;
import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.results.summary.RunSummary;
import dev.latencylab.runner.run.PhaseDescription;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * phases.csv: summary.json's phase rows flattened for spreadsheets and OpenMessaging Benchmark users,
 * one row per phase of the run. A column is named by the row's path in summary.json (so one
 * description serves both), with its unit in brackets where the path does not say it: who the
 * phase was, every producer setting as a scenario spells it, then every figure {@link Figures}
 * lists (a broker's CPU once per broker of the run). A figure the run could not measure is an
 * empty field, never 0. Numbers are plain decimals (no exponent), times ISO-8601 UTC.
 */
public final class PhasesCsv {

    public static final String FILE = "phases.csv";

    /** Units of the columns whose summary.json path does not name theirs. */
    private static final Map<String, String> UNITS = Map.ofEntries(
            Map.entry("measuredFrom", "UTC"),
            Map.entry("measuredTo", "UTC"),
            Map.entry("settings.batchSize", "bytes"),
            Map.entry("settings.rate", "records/s"),
            Map.entry("samples", "records"),
            Map.entry("unsampled", "records"),
            Map.entry("achievedRate", "records/s"),
            Map.entry("ackedRate", "records/s"),
            Map.entry("achievedShare", "of target"),
            Map.entry("fenced", "1 = closed"),
            Map.entry("producer.batchSizeAvg", "bytes"),
            Map.entry("drain.backlog", "records"),
            Map.entry("drain.drained", "records"),
            Map.entry("disk.bytes", "bytes"),
            Map.entry("disk.records", "records"),
            Map.entry("counts.transactions.committed", "transactions"),
            Map.entry("counts.transactions.aborted", "transactions"),
            Map.entry("counts.keyOrder.keys", "keys"),
            Map.entry("counts.keyOrder.repeated", "keys"),
            Map.entry("counts.keyOrder.outOfOrder", "keys"));

    private PhasesCsv() {}

    /** Writes {@link #FILE} into the results folder. */
    public static void write(Path dir, RunSummary summary) throws IOException {
        Files.writeString(dir.resolve(FILE), render(summary), StandardCharsets.UTF_8);
    }

    /** The header and one line per phase; the columns are every key any phase has, in the rows' order. */
    static String render(RunSummary summary) {
        List<Map<String, String>> rows =
                summary.phases().stream().map(p -> row(summary, p)).toList();
        Set<String> keys = new LinkedHashSet<>();
        // A later phase may add a column (a broker the first did not see): appended, the others keep their place.
        (rows.isEmpty() ? List.of(row(summary, null)) : rows).forEach(r -> keys.addAll(r.keySet()));
        StringBuilder csv = new StringBuilder(
                CsvLine.of(keys.stream().map(PhasesCsv::header).toList()));
        for (Map<String, String> r : rows) {
            csv.append(CsvLine.of(keys.stream().map(r::get).toList()));
        }
        return csv.toString();
    }

    /** The column a summary.json key is written under. */
    static String header(String key) {
        String unit = UNITS.get(key);
        if (unit == null && key.startsWith("counts.")) {
            unit = "records";
        }
        return unit == null ? key : key + " [" + unit + "]";
    }

    /** A phase's fields by key; with no phase, the keys every row has (so a run without phases still gets its header). */
    private static Map<String, String> row(RunSummary summary, PhaseSummary p) {
        Map<String, String> row = new LinkedHashMap<>();
        row.put("phase", p == null ? null : summary.label(p));
        row.put("name", p == null ? null : p.name());
        row.put("repeat", p == null ? null : Integer.toString(p.repeat()));
        row.put("phaseId", p == null ? null : Integer.toString(p.phaseId()));
        row.put("complete", p == null ? null : Boolean.toString(p.complete()));
        row.put(
                "measuredFrom",
                p == null || p.measuredFrom() == null ? null : p.measuredFrom().toString());
        row.put(
                "measuredTo",
                p == null || p.measuredTo() == null ? null : p.measuredTo().toString());
        row.put(
                "topic",
                p == null || p.description() == null ? null : p.description().topic());
        row.put("partitions", p == null ? null : text(p.partitions()));
        Map<String, Object> settings = p == null ? null : p.settings().shown();
        for (String name : ProducerSettings.NAMES) {
            row.put("settings." + name, settings == null ? null : text(settings.get(name)));
        }
        row.put(
                "settings.producerConfig",
                p == null ? null : properties(p.settings().producerConfig()));
        Map<String, Double> figures = p == null ? emptyFigures() : Figures.of(p);
        figures.forEach((key, value) -> row.put(key, text(value)));
        beyondFigures(row, p);
        return row;
    }

    /** What summary.json holds of a phase besides {@link Figures}' list: commits, a drain, the topic on disk, the wire. */
    private static void beyondFigures(Map<String, String> row, PhaseSummary p) {
        PhaseSummary.Requests requests = p == null ? null : p.requestsPerSecond();
        row.put("requestsPerSecond.offsetCommit", requests == null ? null : text(requests.offsetCommit()));
        PhaseSummary.Drain drain = p == null ? null : p.drain();
        row.put("drain.backlog", drain == null ? null : text(drain.backlog()));
        row.put("drain.drained", drain == null ? null : text(drain.drained()));
        row.put("drain.seconds", drain == null ? null : text(drain.seconds()));
        row.put("drain.recordsPerSecond", drain == null ? null : text(drain.recordsPerSecond()));
        PhaseSummary.Disk disk = p == null ? null : p.disk();
        row.put("disk.bytes", disk == null ? null : text(disk.bytes()));
        row.put("disk.records", disk == null ? null : text(disk.records()));
        PhaseDescription.Network network =
                p == null || p.description() == null ? null : p.description().network();
        row.put("description.network.rttMs", network == null ? null : text(network.rttMs()));
        row.put("description.network.measuredRttMs", network == null ? null : text(network.measuredRttMs()));
    }

    private static Map<String, Double> emptyFigures() {
        Map<String, Double> none = new LinkedHashMap<>();
        Figures.listed().stream().filter(f -> f.read() != null).forEach(f -> none.put(f.key(), null));
        return none;
    }

    /** Other Kafka properties as {@code name=value} pairs separated by semicolons; empty when none. */
    private static String properties(Map<String, String> config) {
        return config.isEmpty()
                ? null
                : config.entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.joining(";"));
    }

    private static String text(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof Double d) {
            // 50000 and 0.0001, not 50000.0 and 1.0E-4: what every spreadsheet reads as a number.
            return d.isNaN() || d.isInfinite()
                    ? null
                    : BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
        }
        return value.toString();
    }
}
