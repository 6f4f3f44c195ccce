package dev.latencylab.runner.grafana;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * What every lab dashboard owes a reader of a run: a {@code phase} and an {@code instance} variable
 * that every panel query filters by, and "Phase change" annotations that name the phase from the
 * producer's {@code lab_phase_info}. A dashboard without them shows a run's phases and instances
 * blended, or marks a change without saying which phase began: that passes "every panel has data",
 * so it is checked here.
 */
public final class PhaseAndInstanceFilters {

    static final String PHASE = "phase";
    static final String INSTANCE = "instance";
    static final String ANNOTATION = "Phase change";
    private static final String PHASE_SERIES = "lab_phase_info";

    private PhaseAndInstanceFilters() {}

    /** {@code <dashboard uid>: what is missing}, one line each; empty when the dashboard has all of it. */
    public static List<String> problems(LabDashboard dashboard) {
        List<String> problems = new ArrayList<>();
        String uid = dashboard.uid();
        for (String name : List.of(PHASE, INSTANCE)) {
            variableProblem(dashboard, name).ifPresent(p -> problems.add(uid + ": " + p));
        }
        for (Panel panel : dashboard.panels()) {
            for (Target target : panel.targets()) {
                List<String> missing = new ArrayList<>();
                for (String name : List.of(PHASE, INSTANCE)) {
                    if (!references(target.expr(), name)) {
                        missing.add("$" + name);
                    }
                }
                if (!missing.isEmpty()) {
                    problems.add(uid + " / " + panel.title() + " / " + target.refId() + ": does not filter by "
                            + String.join(" and ", missing) + " (query: " + target.expr() + ")");
                }
            }
        }
        boolean named = dashboard.annotations().stream()
                .anyMatch(a -> a.name().equals(ANNOTATION)
                        && a.enabled()
                        && a.expr().contains(PHASE_SERIES)
                        && a.titleFormat() != null
                        && a.titleFormat().contains("{{name}}"));
        if (!named) {
            problems.add(uid + ": no enabled \"" + ANNOTATION + "\" annotation that reads " + PHASE_SERIES
                    + " and names the phase in its title ({{name}})");
        }
        return problems;
    }

    private static Optional<String> variableProblem(LabDashboard dashboard, String name) {
        JsonNode variable = dashboard.variables().stream()
                .filter(v -> LabDashboard.text(v.path("name")).equals(name))
                .findFirst()
                .orElse(null);
        if (variable == null) {
            return Optional.of("no \"" + name + "\" variable");
        }
        // Its default must show every phase or instance: check-dashboards and snapshots run the queries with it.
        if (!variable.path("includeAll").asBoolean(false)
                || !LabDashboard.text(variable.path("allValue")).equals(".+")) {
            return Optional.of("variable \"" + name + "\" without \"All\" as .+");
        }
        return Optional.empty();
    }

    static boolean references(String expr, String variable) {
        return Pattern.compile("\\$" + variable + "\\b|\\$\\{" + variable + "[}:]|\\[\\[" + variable + "[]:]")
                .matcher(expr)
                .find();
    }
}
