package dev.latencylab.runner.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects a scenario file's problems as "file: where: what", so that {@link ScenarioLoader}
 * reports all of them at once instead of stopping at the first.
 */
final class ScenarioProblems {
    private final String source;
    private final List<String> items = new ArrayList<>();

    ScenarioProblems(String source) {
        this.source = source;
    }

    void add(String where, String what) {
        String w = where.strip();
        if (w.endsWith(":")) {
            w = w.substring(0, w.length() - 1);
        }
        items.add(source + (w.isEmpty() ? "" : ": " + w) + ": " + what);
    }

    boolean isEmpty() {
        return items.isEmpty();
    }

    ScenarioException exception() {
        return new ScenarioException(items);
    }
}
