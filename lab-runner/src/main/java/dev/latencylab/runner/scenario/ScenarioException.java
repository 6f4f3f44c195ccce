package dev.latencylab.runner.scenario;

import java.util.List;

/** A scenario file that cannot be run; the message lists every problem, each naming file, phase and field. */
public class ScenarioException extends RuntimeException {

    private final List<String> problems;

    public ScenarioException(List<String> problems) {
        super(String.join(System.lineSeparator(), problems));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
        return problems;
    }
}
