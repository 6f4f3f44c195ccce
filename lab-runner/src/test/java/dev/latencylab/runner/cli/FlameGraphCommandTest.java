package dev.latencylab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.profile.BusyRecording;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
                "busy thread",
                "--top",
                "3",
                "--folded",
                "busy.txt");

        assertThat(code).as(errBytes.toString(StandardCharsets.UTF_8)).isZero();
        String svg = Files.readString(dir.resolve("busy.svg"));
        assertThat(svg).startsWith("<svg").contains("busy thread (").contains("BusyRecording.spin");
        assertThat(svg).doesNotContain("otherSpin");
        String out = outBytes.toString(StandardCharsets.UTF_8);
        assertThat(out).contains("| method | self | total |").contains("Threads: {lab-test-busy=");
        // Nearly every sample of the thread passed through the task that calls spin (a sample may
        // catch the thread starting or ending).
        assertThat(svg)
                .containsPattern("BusyRecording\\.lambda\\$make\\$0 \\([0-9]+ samples, (9[0-9]|100)\\.[0-9]{2}%\\)");
        assertThat(out.lines().filter(l -> l.startsWith("| `"))).hasSize(3);
        List<String> folded = Files.readAllLines(dir.resolve("busy.txt"));
        assertThat(folded).allSatisfy(line -> assertThat(line).matches("j\\.l\\.Thread\\.run(;[^ ]+)? [0-9]+"));
        assertThat(folded).anySatisfy(line -> assertThat(line).contains("BusyRecording.spin"));
    }

    @Test
    void noSampleInTheWindowIsAnErrorNotAnEmptyGraph() throws Exception {
        int code = run("busy.jfr", "--from", made.to().plusSeconds(60).toString(), "--out", "late.svg");

        assertThat(code).isEqualTo(1);
        assertThat(errBytes.toString(StandardCharsets.UTF_8)).contains("no execution sample");
        assertThat(dir.resolve("late.svg")).doesNotExist();
    }

    @Test
    void badInputIsRefusedBeforeAnythingIsWritten() throws Exception {
        Path target = Files.writeString(dir.resolve("precious.txt"), "keep");
        Files.createSymbolicLink(dir.resolve("link.svg"), target);

        assertThat(run("missing.jfr", "--out", "a.svg")).isEqualTo(2);
        assertThat(run("busy.jfr", "--out", "graph.html")).isEqualTo(2);
        assertThat(run("busy.jfr", "--out", "b.svg", "--thread", "(")).isEqualTo(2);
        assertThat(run("busy.jfr", "--out", "c.svg", "--from", "yesterday")).isEqualTo(2);
        assertThat(run("busy.jfr", "--out", "d.svg", "--top", "0")).isEqualTo(2);
        assertThat(run("busy.jfr", "--out", "e.svg", "--folded", "stacks.svg")).isEqualTo(2);
        assertThat(run("busy.jfr", "--out", "f.svg", "--folded", "nowhere/stacks.txt"))
                .isEqualTo(2);
        assertThat(run("busy.jfr", "--out", "link.svg")).isEqualTo(2);
        assertThat(run(
                        "busy.jfr",
                        "--out",
                        "g.svg",
                        "--from",
                        made.to().toString(),
                        "--to",
                        made.from().toString()))
                .isEqualTo(2);
        assertThat(errBytes.toString(StandardCharsets.UTF_8))
                .contains("no recording at")
                .contains("--out must name an .svg file")
                .contains("--thread is not a regular expression")
                .contains("--from must be an instant")
                .contains("--top must be 1-200")
                .contains("--folded must name a .txt file")
                .contains("no folder")
                .contains("is not a plain file")
                .contains("--from must be before --to");
        for (String name : List.of("a.svg", "b.svg", "c.svg", "d.svg", "e.svg", "f.svg", "g.svg", "graph.html")) {
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
