package dev.latencylab.runner.compare;

import dev.latencylab.api.latency.Percentiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.json.JsonMapper;

/** The results folder of a comparison: compare.json, compare.md, and the tools' own output under tools/. */
public final class CompareReport {

    static final JsonMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DateTimeFeature.WRITE_DATES_AS_TIMESTAMPS)
            .build();
    private static final DateTimeFormatter FOLDER_TIME =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter READABLE =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

    private CompareReport() {}

    /** results/&lt;UTC start&gt;-compare, made unique with a counter if it exists. */
    public static Path folder(Path resultsRoot, Instant startedAt) throws IOException {
        String base = FOLDER_TIME.format(startedAt) + "-compare";
        Path dir = resultsRoot.resolve(base);
        for (int i = 2; Files.exists(dir); i++) {
            dir = resultsRoot.resolve(base + "-" + i);
        }
        Files.createDirectories(dir);
        return dir;
    }

    /** Writes compare.json and compare.md; returns the Markdown. */
    public static String write(Path dir, CompareResult result) throws IOException {
        Files.createDirectories(dir);
        JSON.writeValue(dir.resolve("compare.json").toFile(), result);
        String md = markdown(result);
        Files.writeString(dir.resolve("compare.md"), md);
        return md;
    }

    /** The verdict lines, for the terminal. */
    public static String verdicts(CompareResult r) {
        StringBuilder b = new StringBuilder();
        b.append(
                        r.throughputVerdict() == null
                                ? "throughput: not measured to the end"
                                : r.throughputVerdict().text())
                .append('\n');
        b.append(
                        r.latencyVerdict() == null
                                ? "e2e p50: not measured to the end"
                                : r.latencyVerdict().text())
                .append('\n');
        return b.toString();
    }

    public static String markdown(CompareResult r) {
        CompareResult.Setup s = r.setup();
        StringBuilder b = new StringBuilder();
        b.append("# Lab vs Kafka's own tools\n\n");
        b.append(String.format(
                Locale.ROOT,
                "%s to %s; %d cores; %s; %s; %s.%n%n",
                READABLE.format(r.startedAt()),
                READABLE.format(r.endedAt()),
                s.cores(),
                s.java(),
                s.os(),
                s.kafkaTools() == null ? "kafka-tools n/a" : s.kafkaTools()));
        if (!r.complete()) {
            b.append("**Stopped before the end: ")
                    .append(r.stopReason())
                    .append("** Only the rounds below were measured.\n\n");
        }
        b.append(String.format(
                Locale.ROOT,
                "Both sides: acks=all, %d B records, compression %s, on the same running stack "
                        + "(bench topic `%s` laid out like `%s`: %s). Stack warm-up %s; %d round(s) per part, odd rounds lab first, "
                        + "even rounds tool first; warm-up %s, measured %s per run.%n%n",
                s.recordBytes(),
                s.compression(),
                s.benchTopic(),
                s.labTopic(),
                s.benchLayout() == null ? "n/a" : s.benchLayout().toString(),
                s.stackWarmup(),
                s.rounds(),
                s.warmup(),
                s.duration()));

        b.append(String.format(
                Locale.ROOT,
                "## Throughput, unthrottled (linger.ms %d, batch.size %d)%n%n",
                s.lingerMs(),
                s.batchSize()));
        b.append(verdictLine(r.throughputVerdict())).append("\n\n");
        b.append(
                "| round | first | lab (producer-app), acked records/s | ProducerPerformance, acked records/s | ratio lab / tool |\n");
        b.append("|---:|---|---:|---:|---:|\n");
        for (CompareResult.ThroughputRound t : r.throughput()) {
            b.append(String.format(
                    Locale.ROOT,
                    "| %d | %s | %s | %s | %s |%n",
                    t.round(),
                    t.labFirst() ? "lab" : "tool",
                    Numbers.rate(t.lab().ackedPerSec()),
                    Numbers.rate(t.toolMeasured().recordsPerSec()),
                    Numbers.ratio(t.ratio())));
        }
        if (r.throughputVerdict() != null
                && r.throughputVerdict().ratio() != null
                && r.throughput().size() > 1) {
            b.append(String.format(
                    Locale.ROOT,
                    "| mean | | %s | %s | **%s** |%n",
                    Numbers.rate(r.throughput().stream()
                            .mapToDouble(t -> t.lab().ackedPerSec())
                            .average()
                            .orElseThrow()),
                    Numbers.rate(r.throughput().stream()
                            .mapToDouble(t -> t.toolMeasured().recordsPerSec())
                            .average()
                            .orElseThrow()),
                    Numbers.ratio(r.throughputVerdict().ratio())));
        }
        b.append('\n');

        b.append(String.format(
                Locale.ROOT,
                "## e2e latency at low rate (lab %d records/s; linger.ms %d on both sides)%n%n",
                s.lowRate(),
                s.latencyLingerMs()));
        b.append(verdictLine(r.latencyVerdict())).append("\n\n");
        b.append(
                "| round | first | lab p50 ms | lab p99 ms | lab records | EndToEndLatency p50 ms (whole ms) | its p99 ms "
                        + "| its avg ms | its records | ratio lab / tool p50 |\n");
        b.append("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (CompareResult.LatencyRound l : r.latency()) {
            Percentiles p = l.lab().latencyMs();
            Double ratio = p == null || l.tool().p50Ms() == 0
                    ? null
                    : p.p50() / l.tool().p50Ms();
            b.append(String.format(
                    Locale.ROOT,
                    "| %d | %s | %s | %s | %d | %d | %d | %.2f | %d | %s |%n",
                    l.round(),
                    l.labFirst() ? "lab" : "tool",
                    Numbers.ms(p == null ? null : p.p50()),
                    Numbers.ms(p == null ? null : p.p99()),
                    l.lab().count(),
                    l.tool().p50Ms(),
                    l.tool().p99Ms(),
                    l.tool().avgMs(),
                    l.toolRecords(),
                    Numbers.ratio(ratio)));
        }
        b.append('\n');

        b.append("## How the two sides differ\n\n");
        r.notes().forEach(n -> b.append("- ").append(n).append('\n'));
        b.append('\n');
        if (!r.warnings().isEmpty()) {
            b.append("## Warnings\n\n");
            r.warnings().forEach(w -> b.append("- ").append(w).append('\n'));
            b.append('\n');
        }
        b.append("## Commands\n\n");
        b.append("```\n").append(r.command()).append('\n');
        r.throughput().forEach(t -> b.append(shell(t.toolCommand())).append('\n'));
        r.latency().forEach(l -> b.append(shell(l.toolCommand())).append('\n'));
        b.append("```\n\nEach tool's own output is in `tools/`.\n");
        return b.toString();
    }

    private static String verdictLine(Verdict v) {
        return v == null ? "**Not judged: this part did not run to the end.**" : "**" + v.text() + "**";
    }

    static String shell(List<String> command) {
        return command.stream()
                .map(a -> a.matches("[A-Za-z0-9_./=:,@%+-]+") ? a : "'" + a.replace("'", "'\\''") + "'")
                .collect(Collectors.joining(" "));
    }
}
