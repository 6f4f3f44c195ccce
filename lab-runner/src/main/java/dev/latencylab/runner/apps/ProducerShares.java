package dev.latencylab.runner.apps;

import dev.latencylab.api.settings.SettingsLimits;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.ScenarioException;
import java.util.ArrayList;
import java.util.List;

/**
 * What a scenario asks of the producer-app instances a run drives that they cannot give, found before
 * anything of the run starts: {@link ProducerClient} refuses the same when a phase comes to it, after
 * the phases before it ran.
 */
public final class ProducerShares {

    private ProducerShares() {}

    /** Refuses {@code scenario} with its {@link #problems} on {@code running} instances, when it has any. */
    public static void check(Scenario scenario, int running) {
        List<String> problems = problems(scenario, running);
        if (!problems.isEmpty()) {
            throw new ScenarioException(problems);
        }
    }

    /**
     * Each phase that asks for more instances than {@code running}, for a backlog smaller than the
     * instances that write it ({@link ProducerGroup#recordsShare}), or for a rate whose even share is
     * below the lowest an instance accepts ({@link ProducerGroup#perInstanceRate}); empty when none.
     */
    public static List<String> problems(Scenario scenario, int running) {
        List<String> problems = new ArrayList<>();
        for (Phase p : scenario.phases()) {
            int driven = p.producers() != null ? p.producers() : running;
            String phase = "phase '" + p.name() + "': ";
            if (driven > running) {
                problems.add(phase + "asks for " + driven + " producer-app instances, and the run drives " + running
                        + ": start them with scripts/lab up --local --producers " + driven
                        + " (or give --producer URL,URL,...)");
            } else if (p.backlog() != null && p.backlog() < driven) {
                problems.add(phase + "a backlog of " + p.backlog() + " records cannot be split over " + driven
                        + " producer-app instances (each writes at least one): ask for at least " + driven
                        + " records or drive fewer instances (producers: K)");
            } else if (!p.maxRate()
                    && !p.settings().unthrottled()
                    && ProducerGroup.perInstanceRate(p.settings().rate(), driven) < SettingsLimits.MIN_RATE) {
                problems.add(phase + "rate " + p.settings().rate() + " records/s split over " + driven
                        + " producer-app instances gives each less than the lowest an instance accepts ("
                        + SettingsLimits.MIN_RATE + "): raise the rate or drive fewer instances (producers: K)");
            }
        }
        return problems;
    }
}
