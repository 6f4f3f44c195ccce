package dev.latencylab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.faults.BrokerControl;
import dev.latencylab.runner.scenario.FaultStep;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandsTest {

    @Test
    void aControlCommandIsTheOneGivenElseTheEnvironmentsSplitIntoWords(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("control.sh");
        Files.writeString(script, "echo \"$@\" >> \"$(dirname \"$0\")/calls.txt\"\n");

        Commands.control("  sh " + script + "  given ", "sh " + script + " env").act(FaultStep.Action.KILL, 2);
        Commands.control(null, "sh " + script + " env").act(FaultStep.Action.RESTART, 3);

        assertThat(Files.readAllLines(dir.resolve("calls.txt"))).containsExactly("given kill 2", "env restart 3");
    }

    @Test
    void noControlCommandAnywhereIsNone() {
        BrokerControl none = Commands.control(null, null);
        assertThat(none).isNull();
        assertThat(Commands.control("  ", null)).isNull();
        assertThat(Commands.control(null, " ")).isNull();
    }
}
