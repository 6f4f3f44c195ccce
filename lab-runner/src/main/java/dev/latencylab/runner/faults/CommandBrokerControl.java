package dev.latencylab.runner.faults;

import dev.latencylab.runner.scenario.TimedFault;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Broker control through a command, {@code scripts/lab broker} by default: it is given {@code
 * kill|stop|restart <node id>} and knows the stack's mode (local processes by their pid files, or
 * compose services). The runner never signals a process itself: the script that started it does.
 */
public final class CommandBrokerControl implements BrokerControl {

    /** Above scripts/lab's own wait for a started app to answer (LAB_UP_TIMEOUT, 120 s by default). */
    private static final Duration TIMEOUT = Duration.ofSeconds(150);

    private final List<String> command;

    public CommandBrokerControl(List<String> command) {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("empty broker control command");
        }
        this.command = List.copyOf(command);
    }

    @Override
    public void act(TimedFault.Action action, int nodeId) throws InterruptedException {
        List<String> full = new ArrayList<>(command);
        full.add(action.label());
        full.add(Integer.toString(nodeId));
        Process p;
        try {
            p = new ProcessBuilder(full).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new FaultException("could not run " + String.join(" ", full) + ": " + e.getMessage());
        }
        try {
            if (!p.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new FaultException(
                        String.join(" ", full) + " did not finish within " + TIMEOUT.toSeconds() + " s");
            }
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (p.exitValue() != 0) {
                throw new FaultException(String.join(" ", full) + " failed (exit " + p.exitValue() + "): " + output);
            }
        } catch (IOException e) {
            throw new FaultException("could not read the output of " + String.join(" ", full) + ": " + e.getMessage());
        } finally {
            p.destroy();
        }
    }
}
