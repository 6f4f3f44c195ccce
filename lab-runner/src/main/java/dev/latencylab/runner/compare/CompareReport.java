package dev.latencylab.runner.compare;

import dev.latencylab.runner.results.report.MarkdownSection;
import dev.latencylab.runner.results.report.ResultsWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The results folder of a comparison: compare.json, compare.md, and the tools' own output under tools/. */
public final class CompareReport {

    private static final DateTimeFormatter READABLE =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

    private CompareReport() {}

    /** results/&lt;UTC start&gt;-compare, made unique with a counter if it exists. */
    public static Path folder(Path resultsRoot, Instant startedAt) throws IOException {
        return ResultsWriter.folder(resultsRoot, startedAt, "compare");
    }

    /** Writes compare.json and compare.md; returns the Markdown. */
    public static String write(Path dir, CompareResult result) throws IOException {
        Files.createDirectories(dir);
        ResultsWriter.JSON.writeValue(dir.resolve("compare.json").toFile(), result);
        String md = markdown(result);
        Files.writeString(dir.resolve("compare.md"), md);
        return md;
    }

    /** The verdict lines, for the terminal. */
    public static String verdicts(CompareResult r) {
        StringBuilder b = new StringBuilder();
        b.append(text(r.throughputVerdict(), "throughput: not measured to the end"))
                .append('\n');
        b.append(text(r.latencyVerdict(), "e2e p50: not measured to the end")).append('\n');
        b.append(text(r.floorVerdict(), "e2e p50 vs floor: not measured to the end"))
                .append('\n');
        realism(r).ifPresent(line -> b.append(line).append('\n'));
        b.append(text(r.publishDelayVerdict(), "publish delay: not measured")).append('\n');
        b.append(text(r.producerCpuVerdict(), "CPU per record, producers: not measured"))
                .append('\n');
        b.append(text(r.consumerCpuVerdict(), "CPU per record, consumers: not measured"))
                .append('\n');
        r.cpuThreadVerdicts().forEach(v -> b.append(v.text()).append('\n'));
        if (r.cpu() != null) {
            CompareSections.realismCpu(r.cpu()).ifPresent(line -> b.append(line).append('\n'));
        }
        b.append(text(r.consumerVerdict(), "consumer ratio: not measured to the end"))
                .append('\n');
        if (r.recordListenerVerdict() != null) {
            b.append(r.recordListenerVerdict().text()).append('\n');
        }
        return b.toString();
    }

    private static String text(Verdict v, String notJudged) {
        return v == null ? notJudged : v.text();
    }

    /** The cost of realism over the rounds: realistic over same-work acked records/s, means. */
    static Optional<String> realism(CompareResult r) {
        var rounds =
                r.throughput().stream().filter(t -> t.labRealistic() != null).toList();
        if (rounds.isEmpty()) {
            return Optional.empty();
        }
        double same = Numbers.mean(rounds, t -> t.lab().ackedPerSec());
        double real = Numbers.mean(rounds, t -> t.labRealistic().ackedPerSec());
        return Optional.of(String.format(
                Locale.ROOT,
                "cost of realism: the lab as scenarios run it (a JSON order per record, keyed by order id, with the lab header) %s records/s"
                        + " vs %s doing the tool's work = %s (%s %%)",
                Numbers.rate(real),
                Numbers.rate(same),
                Numbers.ratio(real / same),
                String.format(Locale.ROOT, "%+.1f", (real / same - 1) * 100)));
    }

    public static String markdown(CompareResult r) {
        CompareResult.Setup s = r.setup();
        StringBuilder b = new StringBuilder();
        MarkdownSection md = MarkdownSection.into(b).heading("#", "Lab vs Kafka's own tools");
        md.paragraph(String.format(
                Locale.ROOT,
                "%s to %s; %d cores; %s; %s; %s.",
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
                        + "even rounds tool first; warm-up %s (ProducerPerformance's throughput runs: %s more, its JVM is "
                        + "new), measured %s per run.%n%n",
                s.recordBytes(),
                s.compression(),
                s.benchTopic(),
                s.labTopic(),
                s.benchLayout() == null ? "n/a" : s.benchLayout().toString(),
                s.stackWarmup(),
                s.rounds(),
                s.warmup(),
                s.toolWarmup(),
                s.duration()));

        CompareSections.throughput(r, b);
        realism(r).ifPresent(line -> b.append("**").append(line).append(".**\n\n"));
        CompareSections.ceilingCpu(r, b);

        CompareSections.publishDelay(r, b);
        CompareSections.cpu(r, b);
        CompareSections.consumer(r, b);

        CompareSections.latency(r, b);

        md.heading("##", "How the two sides differ");
        r.notes().forEach(n -> b.append("- ").append(n).append('\n'));
        b.append('\n');
        if (!r.warnings().isEmpty()) {
            md.heading("##", "Warnings");
            r.warnings().forEach(w -> b.append("- ").append(w).append('\n'));
            b.append('\n');
        }
        md.heading("##", "Commands");
        b.append("```\n").append(r.command()).append('\n');
        r.throughput().forEach(t -> b.append(shell(t.toolCommand())).append('\n'));
        if (r.cpu() != null) {
            r.cpu().toolCommands().forEach(c -> b.append(shell(c)).append('\n'));
        }
        r.consumer().forEach(c -> b.append(shell(c.toolCommand())).append('\n'));
        r.latency().forEach(l -> b.append(shell(l.toolCommand())).append('\n'));
        b.append("```\n\nEach tool's own output is in `tools/`.\n");
        return b.toString();
    }

    static String shell(List<String> command) {
        return command.stream()
                .map(a -> a.matches("[A-Za-z0-9_./=:,@%+-]+") ? a : "'" + a.replace("'", "'\\''") + "'")
                .collect(Collectors.joining(" "));
    }
}
