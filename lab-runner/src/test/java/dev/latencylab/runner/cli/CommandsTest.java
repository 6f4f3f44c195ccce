package dev.latencylab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.runner.faults.BrokerControl;
import dev.latencylab.runner.scenario.TimedFault;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandsTest {

    @Test
    void aControlCommandIsTheOneGivenElseTheEnvironmentsSplitIntoWords(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("control.sh");
        Files.writeString(script, "echo \"$@\" >> \"$(dirname \"$0\")/calls.txt\"\n");

        Commands.control("  sh " + script + "  given ", "sh " + script + " env").act(TimedFault.Action.KILL, 2);
        Commands.control(null, "sh " + script + " env").act(TimedFault.Action.RESTART, 3);

        assertThat(Files.readAllLines(dir.resolve("calls.txt"))).containsExactly("given kill 2", "env restart 3");
    }

    @Test
    void aControlCommandIsSplitAsAShellSplitsItSoAPathWithBlanksStaysOneWord(@TempDir Path dir) throws Exception {
        // A checkout at "/home/me/my lab": scripts/lab quotes its path, as a shell would.
        Path folder = Files.createDirectories(dir.resolve("my lab's"));
        Path script = folder.resolve("lab");
        Files.writeString(script, "#!/bin/sh\necho \"$@\" >> \"$(dirname \"$0\")/calls.txt\"\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        String quoted = "'" + script.toString().replace("'", "'\\''") + "' broker";

        Commands.control(null, quoted).act(TimedFault.Action.STOP, 1);
        Commands.control("\"" + script + "\" \"two words\"", null).act(TimedFault.Action.KILL, 2);
        Commands.control(script.toString().replace(" ", "\\ ").replace("'", "\\'") + " x\\ y", null)
                .act(TimedFault.Action.RESTART, 3);

        assertThat(Files.readAllLines(folder.resolve("calls.txt")))
                .containsExactly("broker stop 1", "two words kill 2", "x y restart 3");
    }

    @Test
    void aControlCommandWithAQuoteLeftOpenIsRefusedNamingIt() {
        assertThatThrownBy(() -> Commands.control("'/a b/lab broker", null))
                .isInstanceOf(UsageException.class)
                .hasMessageContaining("'/a b/lab broker")
                .hasMessageContaining("quote");
    }

    @Test
    void noControlCommandAnywhereIsNone() {
        BrokerControl none = Commands.control(null, null);
        assertThat(none).isNull();
        assertThat(Commands.control("  ", null)).isNull();
        assertThat(Commands.control(null, " ")).isNull();
    }
}
