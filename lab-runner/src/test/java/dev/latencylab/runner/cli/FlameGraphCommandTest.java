package dev.latencylab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.profile.BusyRecording;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code flamegraph} on a recording the JDK made in this test. */
class FlameGraphCommandTest {

    @TempDir
    static Path dir;

    private static BusyRecording.Made made;

    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

    @BeforeAll
    static void record() throws Exception {
        made = BusyRecording.make(dir.resolve("busy.jfr"), Duration.ofMillis(500));
    }

    private int run(String... args) throws InterruptedException {
        String[] argv = new String[args.length + 1];
        argv[0] = "flamegraph";
        System.arraycopy(args, 0, argv, 1, args.length);
        return new Cli(
                        new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                        new PrintStream(errBytes, true, StandardCharsets.UTF_8),
                        dir)
                .execute(argv);
    }

    @Test
    void drawsTheThreadAskedAndPrintsWhatRanMost() throws Exception {
        int code = run(
                "busy.jfr",
                "--thread",
                BusyRecording.BUSY_THREAD,
                "--title",
                "busy thread & <co>",
                "--top",
                "3",
                "--folded",
                "busy.txt");

        assertThat(code).as(errBytes.toString(StandardCharsets.UTF_8)).isZero();
        String html = Files.readString(dir.resolve("busy.html"));
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<h1>busy thread &amp; &lt;co&gt;</h1>");
        List<String> frames = frameNames(html);
        assertThat(frames).anySatisfy(frame -> assertThat(frame).endsWith("BusyRecording.spin"));
        assertThat(frames).noneSatisfy(frame -> assertThat(frame).contains("otherSpin"));
        String out = outBytes.toString(StandardCharsets.UTF_8);
        assertThat(out).contains("Threads: {lab-test-busy=");
        List<String> table = out.lines().limit(3).toList();
        assertThat(table.get(0)).isEqualTo("| method | self | total |");
        assertThat(table.get(1)).isEqualTo("|---|---:|---:|");
        assertThat(table.get(2)).matches("\\| `[^`]+` \\| [0-9]+\\.[0-9] % \\| [0-9]+\\.[0-9] % \\|");
        assertThat(out.lines().filter(l -> l.startsWith("| `"))).hasSize(3);
        List<String> folded = Files.readAllLines(dir.resolve("busy.txt"));
        // Every stack is the thread's own, from its start: Thread.run, or Thread.exit when a sample caught it ending.
        assertThat(folded).allSatisfy(line -> assertThat(line).matches("j\\.l\\.Thread\\.(run|exit)(;[^ ]+)? [0-9]+"));
        assertThat(folded).anySatisfy(line -> assertThat(line).contains("BusyRecording.spin"));
        // Nearly every sample of the thread passed through the task that calls spin (a sample may
        // catch the thread starting or ending); the graph is drawn from these stacks.
        long all = folded.stream().mapToLong(FlameGraphCommandTest::count).sum();
        long task = folded.stream()
                .filter(line -> line.contains("BusyRecording.lambda$make$0"))
                .mapToLong(FlameGraphCommandTest::count)
                .sum();
        assertThat(task).isGreaterThanOrEqualTo(all * 9 / 10);
        assertThat(frames).contains("d.l.r.p.BusyRecording.lambda$make$0");
    }

    private static long count(String foldedLine) {
        return Long.parseLong(foldedLine.substring(foldedLine.lastIndexOf(' ') + 1));
    }

    /** The page's frame names: each stored as the length of the prefix it shares with the one before (+32), then the rest. */
    private static List<String> frameNames(String html) {
        String pool = html.substring(html.indexOf("const cpool = [") + "const cpool = [".length());
        pool = pool.substring(0, pool.indexOf("];"));
        List<String> names = new ArrayList<>();
        for (String line : pool.strip().split("\n")) {
            String packed = line.strip().replaceFirst(",$", "");
            packed = packed.substring(1, packed.length() - 1);
            names.add(
                    names.isEmpty()
                            ? packed
                            : names.get(names.size() - 1).substring(0, packed.charAt(0) - 32) + packed.substring(1));
        }
        return names;
    }

    @Test
    void noSampleInTheWindowIsAnErrorNotAnEmptyGraph() throws Exception {
        int code = run("busy.jfr", "--from", made.to().plusSeconds(60).toString(), "--out", "late.html");

        assertThat(code).isEqualTo(1);
        assertThat(errBytes.toString(StandardCharsets.UTF_8)).contains("no execution sample");
        assertThat(dir.resolve("late.html")).doesNotExist();
    }

    @Test
    void badInputIsRefusedBeforeAnythingIsWritten() throws Exception {
        Path target = Files.writeString(dir.resolve("precious.txt"), "keep");
        Files.createSymbolicLink(dir.resolve("link.html"), target);

        assertThat(run("missing.jfr", "--out", "a.html")).isEqualTo(2);
        assertThat(run("busy.jfr", "--out", "graph.svg")).isEqualTo(2);
        assertThat(run("busy.jfr", "--out", "b.html", "--thread", "(")).isEqualTo(2);
        assertThat(run("busy.jfr", "--out", "c.html", "--from", "yesterday")).isEqualTo(2);
        assertThat(run("busy.jfr", "--out", "d.html", "--top", "0")).isEqualTo(2);
        assertThat(run("busy.jfr", "--out", "e.html", "--folded", "stacks.html"))
                .isEqualTo(2);
        assertThat(run("busy.jfr", "--out", "f.html", "--folded", "nowhere/stacks.txt"))
                .isEqualTo(2);
        assertThat(run("busy.jfr", "--out", "link.html")).isEqualTo(2);
        assertThat(run(
                        "busy.jfr",
                        "--out",
                        "g.html",
                        "--from",
                        made.to().toString(),
                        "--to",
                        made.from().toString()))
                .isEqualTo(2);
        assertThat(errBytes.toString(StandardCharsets.UTF_8))
                .contains("no recording at")
                .contains("--out must name an .html file")
                .contains("--thread is not a regular expression")
                .contains("--from")
                .contains("must be an ISO-8601 instant")
                .contains("--top must be 1-200")
                .contains("--folded must name a .txt file")
                .contains("no folder")
                .contains("is not a plain file")
                .contains("--from must be before --to");
        for (String name : List.of("a.html", "b.html", "c.html", "d.html", "e.html", "f.html", "g.html", "graph.svg")) {
            assertThat(dir.resolve(name)).as(name).doesNotExist();
        }
        assertThat(Files.readString(target)).isEqualTo("keep");
    }

    @Test
    void aFileThatIsNoRecordingIsAClearError() throws Exception {
        Files.writeString(dir.resolve("notes.jfr"), "not a recording");

        assertThat(run("notes.jfr")).isEqualTo(1);
        assertThat(errBytes.toString(StandardCharsets.UTF_8))
                .contains("could not read")
                .contains("notes.jfr");
    }
}
