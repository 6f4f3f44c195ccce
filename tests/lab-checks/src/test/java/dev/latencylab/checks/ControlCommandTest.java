package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The control commands scripts/lab hands the runner for fault steps (LAB_BROKER_CONTROL,
 * LAB_CONSUMER_CONTROL) name scripts/lab by a path in quotes, which the runner splits as a shell does
 * (lab-runner's ShellWords): a checkout whose path holds a blank or a quote stays one word.
 */
class ControlCommandTest {

    @Test
    void aCheckoutPathWithABlankAndAQuoteStaysOneWord() throws IOException {
        Path labDir = Files.createDirectories(Repo.buildDir().resolve("control-" + System.nanoTime()));
        String root = "/home/me/my lab's";

        Tools.Result words = LabShell.run(
                labDir,
                Map.of("CHECKOUT", root),
                // After the libraries are sourced: they read the real checkout's files.
                "ROOT=$CHECKOUT; eval \"words=($(lab_control_command broker))\"; printf '<%s>\\n' \"${words[@]}\"");

        assertThat(words.ok()).as(words.describe()).isTrue();
        assertThat(words.output().strip()).isEqualTo("<" + root + "/scripts/lab>\n<broker>");
    }

    @Test
    void theRunnerIsGivenBothControlsQuoted() {
        assertThat(Repo.read("scripts/lab"))
                .contains("LAB_BROKER_CONTROL=\"$(lab_control_command broker)\"")
                .contains("LAB_CONSUMER_CONTROL=\"$(lab_control_command consumer)\"");
    }
}
