package dev.latencylab.runner.run;

import dev.latencylab.api.settings.ListenerType;
import dev.latencylab.api.settings.SettingsLimits;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.apps.ProducerGroup;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.ScenarioException;
import java.util.ArrayList;
import java.util.List;

/**
 * What a scenario asks of the app instances a run drives that they cannot give, found before
 * anything of the run starts: {@link ProducerClient} refuses the same when a phase comes to it, and
 * a consumer-app asked to read as a share group while other instances are in the group, after the
 * phases before it ran.
 */
public final class InstanceLimits {

    private InstanceLimits() {}

    /**
     * Refuses {@code scenario} with its {@link #problems} and {@link #consumerProblems} on {@code
     * producers} and {@code consumers} instances, when it has any.
     */
    public static void check(Scenario scenario, int producers, int consumers, boolean warmup) {
        List<String> problems = problems(scenario, producers, consumers, warmup);
        if (!problems.isEmpty()) {
            throw new ScenarioException(problems);
        }
    }

    /** What {@link #check} refuses: the producer instances' problems, then the consumer instances'. */
    public static List<String> problems(Scenario scenario, int producers, int consumers, boolean warmup) {
        List<String> problems = problems(scenario, producers, warmup);
        problems.addAll(consumerProblems(scenario, consumers));
        return problems;
    }

    /**
     * Each phase that reads as a share group while the run drives more than one consumer-app instance:
     * one instance reads as the share group (its workers are the share consumers), and it refuses while
     * the others are members of the consumer group, which would read the same records.
     */
    public static List<String> consumerProblems(Scenario scenario, int running) {
        List<String> problems = new ArrayList<>();
        if (running <= 1) {
            return problems;
        }
        for (Phase p : scenario.phases()) {
            if (p.consumer() != null && p.consumer().listener() == ListenerType.SHARE) {
                problems.add("phase '" + p.name() + "': reads as a share group, which one consumer-app instance"
                        + " does (its workers are the share consumers), and the run drives " + running
                        + ": stop the others first (scripts/lab consumer stop N) or start the stack with"
                        + " --consumers 1");
            }
        }
        return problems;
    }

    /**
     * Each phase that asks for more instances than {@code running}, for a backlog smaller than the
     * instances that write it (each writes at least one record), or for a rate whose even share is
     * below the lowest an instance accepts ({@link ProducerGroup#perInstanceRate}); with a stack warm-up,
     * its rate too, which every running instance shares ({@link StackWarmup#load}); empty when none.
     */
    public static List<String> problems(Scenario scenario, int running, boolean warmup) {
        List<String> problems = new ArrayList<>();
        Phase load = StackWarmup.load(scenario);
        if (warmup && tooSlow(load, running)) {
            problems.add("the stack warm-up runs phase '" + load.name() + "''s rate "
                    + load.settings().rate()
                    + " records/s over all " + running + " producer-app instances, which gives each less than the"
                    + " lowest an instance accepts (" + SettingsLimits.MIN_RATE + "): raise the rate or skip the"
                    + " warm-up (--stack-warmup 0)");
        }
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
            } else if (tooSlow(p, driven)) {
                problems.add(phase + "rate " + p.settings().rate() + " records/s split over " + driven
                        + " producer-app instances gives each less than the lowest an instance accepts ("
                        + SettingsLimits.MIN_RATE + "): raise the rate or drive fewer instances (producers: K)");
            }
        }
        return problems;
    }

    /** Whether {@code p}'s rate split over {@code instances} gives each less than an instance accepts. */
    private static boolean tooSlow(Phase p, int instances) {
        return !p.maxRate()
                && !p.settings().unthrottled()
                && ProducerGroup.perInstanceRate(p.settings().rate(), instances) < SettingsLimits.MIN_RATE;
    }
}
