package dev.latencylab.runner.cli;

import dev.latencylab.runner.profile.MethodShares;
import dev.latencylab.runner.profile.StackSamples;
import dev.latencylab.runner.results.report.MarkdownSection;
import dev.latencylab.runner.results.summary.Fmt;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import one.convert.Arguments;
import one.convert.FlameGraph;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code flamegraph REC.jfr}: one window of one thread of a JFR recording as a flame graph (async-profiler's
 * HTML page) and a table of the methods that ran most, to say where a lab app's CPU goes.
 */
@Command(
        name = "flamegraph",
        description = {
            "Where a JVM's CPU went: the execution samples of a JFR recording (jcmd PID JFR.start",
            "settings=profile, then JFR.dump filename=REC.jfr), for the threads and window asked, drawn as a flame",
            "graph (async-profiler's HTML page: root at the bottom, width = share of samples) and printed as a",
            "Markdown table of the methods that ran most themselves (self) and with what they call (total)."
        },
        footer = {
            "",
            "Exit codes: 0 done, 1 the recording could not be read or the graph written, 2 wrong command line."
        })
final class FlameGraphCommand extends LabCommand {

    private static final MarkdownSection.Columns SHARES =
            MarkdownSection.Columns.text("method").andFigures("self | total");

    @Parameters(index = "0", paramLabel = "REC.jfr", description = "the JFR recording")
    String recording;

    @Option(
            names = "--thread",
            paramLabel = "REGEX",
            description = "threads kept: a regular expression matching the whole thread name (default: all)")
    String thread = ".*";

    @Option(
            names = "--from",
            paramLabel = "INSTANT",
            description = "first sample kept, e.g. 2026-11-27T10:20:00Z (default: the recording's start)")
    Instant from;

    @Option(names = "--to", paramLabel = "INSTANT", description = "last sample kept (default: the recording's end)")
    Instant to;

    @Option(
            names = "--out",
            paramLabel = "FILE.html",
            description = "where the graph goes (default: the recording's path with .html)")
    String htmlOut;

    @Option(
            names = "--folded",
            paramLabel = "FILE.txt",
            description = "also write the stacks folded, one 'frame;frame;... count' line each, as other flame graph"
                    + " tools read them")
    String foldedOut;

    @Option(names = "--title", paramLabel = "TEXT", description = "the graph's title (default: the file name)")
    String title;

    @Option(names = "--top", paramLabel = "N", description = "methods in the table, 1-200 (default: ${DEFAULT-VALUE})")
    int top = 15;

    FlameGraphCommand(PrintStream out, PrintStream err, Path cwd) {
        super(out, err, cwd);
    }

    @Override
    public Integer call() {
        Path jfr = cwd.resolve(recording);
        if (!Files.isRegularFile(jfr)) {
            throw new UsageException("no recording at " + jfr);
        }
        Path html = cwd.resolve(htmlOut != null ? htmlOut : recording.replaceFirst("(\\.jfr)?$", ".html"));
        if (!html.getFileName().toString().endsWith(".html")) {
            throw new UsageException("--out must name an .html file, not " + html.getFileName());
        }
        Path folded = foldedOut == null ? null : cwd.resolve(foldedOut);
        if (folded != null && !folded.getFileName().toString().endsWith(".txt")) {
            throw new UsageException("--folded must name a .txt file, not " + folded.getFileName());
        }
        if (top < 1 || top > 200) {
            throw new UsageException("--top must be 1-200, not " + top);
        }
        requireWritable(html);
        if (folded != null) {
            requireWritable(folded);
        }
        Pattern threads = threadPattern();
        if (from != null && to != null && !from.isBefore(to)) {
            throw new UsageException("--from must be before --to");
        }
        StackSamples samples;
        try {
            samples = StackSamples.read(jfr, threads, from, to);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + jfr + " as a JFR recording: " + e.getMessage(), e);
        }
        if (samples.total() == 0) {
            err.println("error: no execution sample of a thread matching '" + thread + "' in that window of " + jfr
                    + " (record with settings=profile, and check the thread names with 'jfr summary')");
            return ExitCodes.FAILED;
        }
        write(
                html,
                flameGraph(samples, title != null ? title : jfr.getFileName().toString()));
        if (folded != null) {
            write(folded, samples.foldedText());
        }
        out.print(table(new MethodShares(samples), samples.total()));
        out.println("Threads: " + samples.threads());
        out.println("Flame graph: " + html + (folded != null ? ", folded stacks: " + folded : ""));
        return ExitCodes.OK;
    }

    private String table(MethodShares shares, long total) {
        MarkdownSection s = MarkdownSection.into(new StringBuilder()).table(SHARES);
        for (MethodShares.MethodShare share : shares.topSelf(top)) {
            s.row(
                    "`" + share.method() + "`",
                    Fmt.percent(share.self(), total, 1),
                    Fmt.percent(share.total(), total, 1));
        }
        return s.endTable().append(total + " samples." + System.lineSeparator()).toString();
    }

    /**
     * Drawn from the stacks read here, not by async-profiler's own JFR reading: that one counts
     * jdk.NativeMethodSample (threads waiting in native code, using no CPU) as execution samples.
     */
    private static String flameGraph(StackSamples samples, String title) {
        Arguments args = new Arguments();
        args.title = title.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"); // written as is
        FlameGraph graph = new FlameGraph(args);
        ByteArrayOutputStream page = new ByteArrayOutputStream();
        try {
            graph.parseCollapsed(new StringReader(samples.foldedText()));
        } catch (IOException e) {
            throw new UncheckedIOException("could not draw the flame graph: " + e, e);
        }
        graph.dump(new PrintStream(page, true, StandardCharsets.UTF_8));
        return page.toString(StandardCharsets.UTF_8);
    }

    /** Refused before anything is read: a missing folder, or a name that is a link or a folder. */
    private static void requireWritable(Path file) {
        Path folder = file.toAbsolutePath().getParent();
        if (!Files.isDirectory(folder)) {
            throw new UsageException("no folder " + folder + " to write " + file.getFileName() + " in");
        }
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new UsageException(file + " exists and is not a plain file (a link or a folder): not overwritten");
        }
    }

    /** Whole or not at all; a link put in its place meanwhile is replaced, not followed. */
    private static void write(Path file, String text) {
        Path tmp = null;
        try {
            // Not createTempFile: its file is the owner's alone, and a graph is for sharing.
            tmp = file.toAbsolutePath()
                    .getParent()
                    .resolve("." + file.getFileName() + "." + UUID.randomUUID() + ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file + ": " + e, e);
        } finally {
            deleteQuietly(tmp);
        }
    }

    /** Only the temporary file this command made; gone already once moved. */
    private static void deleteQuietly(Path tmp) {
        if (tmp == null) {
            return;
        }
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException e) {
            // a leftover hidden .tmp is all this leaves; the error that matters is the write's
        }
    }

    private Pattern threadPattern() {
        try {
            return Pattern.compile(thread);
        } catch (PatternSyntaxException e) {
            throw new UsageException("--thread is not a regular expression: " + e.getDescription());
        }
    }
}
