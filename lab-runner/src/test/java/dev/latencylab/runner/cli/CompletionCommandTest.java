package dev.latencylab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompletionCommandTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private String completion(Path dir, String... args) {
        String[] argv = new String[args.length + 1];
        argv[0] = "completion";
        System.arraycopy(args, 0, argv, 1, args.length);
        int code = new Cli(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                        dir)
                .execute(argv);
        assertThat(code).isZero();
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theScriptCompletesEveryCommandAndTheOptionsOfRun(@TempDir Path dir) {
        String script = completion(dir);

        assertThat(script).startsWith("#!/usr/bin/env bash").contains("complete -F _complete_lab-runner");
        List<String> commands = new ArrayList<>(CliTest.COMMANDS);
        commands.add("help");
        String topLevel = script.lines()
                .filter(l -> l.contains("local commands="))
                .findFirst()
                .orElseThrow();
        assertThat(topLevel.split("[\"\\s]+")).contains(commands.toArray(String[]::new));
        assertThat(script)
                .contains(
                        "--phase-duration",
                        "--stack-warmup-floor",
                        "--dry-run",
                        "--consumer-control",
                        "--fail-on",
                        "--last");
    }

    @Test
    void theScriptRegistersForTheNameGiven(@TempDir Path dir) {
        assertThat(completion(dir, "--name", "lab")).contains("complete -F _complete_lab -o default lab ");
    }
}
