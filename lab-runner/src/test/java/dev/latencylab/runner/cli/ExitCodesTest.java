package dev.latencylab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The one exit-code convention, through picocli's dispatch: 0 done, 1 failed, 2 wrong command line, 3 diff. */
class ExitCodesTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private CommandLine root(Path dir) {
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        return Commands.wired(new CommandLine(new Cli(o, e, dir), new CommandFactory(o, e, dir)), o, e);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void noCommandIsAWrongCommandLineThatListsTheCommands(@TempDir Path dir) {
        assertThat(root(dir).execute()).isEqualTo(ExitCodes.USAGE).isEqualTo(2);
        assertThat(err()).startsWith("error: ").contains("Usage: lab-runner", "check-dashboards");
    }

    @Test
    void aMistypedCommandIsNamedWithTheOnesMeant(@TempDir Path dir) {
        assertThat(root(dir).execute("valdate", "x.yaml")).isEqualTo(2);
        assertThat(err()).contains("error: unknown command 'valdate'", "validate", "Usage: lab-runner");
    }

    @Test
    void helpOfACommandIsItsUsage(@TempDir Path dir) {
        assertThat(root(dir).execute("help", "diff")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("Usage: lab-runner diff");
    }

    @Test
    void aFailureTheUserCanActOnIsOneLineAndABugKeepsItsStackTrace() {
        ExitCodes codes = new ExitCodes();

        assertThat(codes.getExitCode(new UsageException("x"))).isEqualTo(2);
        assertThat(codes.getExitCode(new java.io.UncheckedIOException(new java.io.IOException("x"))))
                .isEqualTo(1);
        assertThat(ExitCodes.expected(new java.io.UncheckedIOException(new java.io.IOException("x"))))
                .isTrue();
        assertThat(ExitCodes.expected(new IllegalStateException("a bug"))).isFalse();
    }

    @Test
    void aCommandKnowsTheWordsGivenAfterItsName(@TempDir Path dir) {
        CommandLine root = root(dir);
        root.parseArgs("compare", "--rounds", "3", "--topic", "lab.compare");

        LabCommand compare = root.getSubcommands().get("compare").getCommand();

        assertThat(compare.args()).isEqualTo(List.of("--rounds", "3", "--topic", "lab.compare"));
    }
}
