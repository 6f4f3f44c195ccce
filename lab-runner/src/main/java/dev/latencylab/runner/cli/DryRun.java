package dev.latencylab.runner.cli;

import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.RunPlan;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.TimedFault;
import dev.latencylab.runner.scenario.TopicSpec;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * {@code run --dry-run}: what a run would create, change and delete, said before anything is. The
 * topics a scenario creates are looked up on the cluster, so a run that would stop on one that
 * exists (a cluster the lab did not start) says so here, and one it would replace (the lab's own
 * brokers) is named; so is a backlog its topic would not keep whole, which a run refuses.
 */
final class DryRun {

    /** Names of the given topics that exist on the cluster; throws when it cannot be asked. */
    interface ExistingTopics extends Function<List<String>, Set<String>> {}

    private final PrintStream out;

    DryRun(PrintStream out) {
        this.out = out;
    }

    /**
     * @param existing asks the cluster, or null when no phase creates a topic
     * @param ownCluster whether the brokers are the lab's own (a topic left there is replaced)
     * @param refused what a run would refuse before it starts, each said: a backlog its topic would not keep
     *     whole, what the producer-app instances cannot give
     * @return the exit code: 0 when a run could go ahead, 1 when it would stop on a topic or the cluster could
     *     not be asked which of its topics exist (then no one can say whether it would go ahead)
     */
    int print(
            String file,
            Scenario scenario,
            RunPlan plan,
            boolean seedGiven,
            String bootstrap,
            boolean ownCluster,
            ExistingTopics existing,
            List<String> refused) {
        PhaseListing.print(out, file, scenario, plan, seedGiven);
        out.println("A run would:");
        out.println("  set the producer-app's settings at each phase (POST /actuator/producer), and the consumer's"
                + " where a phase names them; at the end stop the load and put the consumer's settings back");
        Map<String, TopicSpec> created = createdTopics(scenario);
        List<String> stops = new ArrayList<>();
        String unasked = null;
        if (!created.isEmpty()) {
            Set<String> there;
            try {
                there = existing.apply(List.copyOf(created.keySet()));
            } catch (RuntimeException e) {
                unasked = "could not ask " + bootstrap + " which of its topics exist: " + e.getMessage();
                out.println("  (" + unasked + ")");
                there = Set.of();
            }
            for (Map.Entry<String, TopicSpec> t : created.entrySet()) {
                TopicSpec spec = t.getValue();
                out.printf(
                        "  create topic %s on %s (%d partitions, replication %d, min.insync.replicas %d%s)%s%n",
                        t.getKey(),
                        bootstrap,
                        spec.partitions(),
                        spec.replicationFactorOrDefault(),
                        spec.minInsyncReplicasOrDefault(),
                        spec.configs().isEmpty() ? "" : ", " + new TreeMap<>(spec.configs()),
                        spec.keep() ? " and keep it" : ", and delete it after its phase");
                if (there.contains(t.getKey())) {
                    if (ownCluster) {
                        out.println("    it exists (an earlier run's, on the lab's own brokers): deleted first");
                    } else {
                        stops.add(t.getKey());
                        out.println("    it exists, and the lab did not create it: the run would stop here,"
                                + " deleting nothing");
                    }
                }
            }
        }
        for (String r : refused) {
            out.println("    the run would refuse to start, running nothing: " + r);
        }
        for (Phase p : scenario.phases()) {
            for (TimedFault f : p.faults()) {
                out.printf("  %s into phase %s%n", f.describe(), p.name());
            }
            if (p.network() != null) {
                out.printf(
                        "  set the delay wire's round trip to %s ms for phase %s%n",
                        p.network().rttMs(), p.name());
            }
        }
        out.println("  write results/<UTC time>-" + scenario.name() + "/ (a new folder, never one that exists)");
        out.println("Nothing was created, changed or deleted (dry run).");
        if (unasked != null) {
            out.println("The dry run cannot say whether the run would go ahead: it " + unasked);
            return ExitCodes.FAILED;
        }
        return stops.isEmpty() && refused.isEmpty() ? ExitCodes.OK : ExitCodes.FAILED;
    }

    /** The topics phases create, by name, in phase order. */
    private static Map<String, TopicSpec> createdTopics(Scenario scenario) {
        Map<String, TopicSpec> topics = new LinkedHashMap<>();
        for (Phase p : scenario.phases()) {
            if (p.topic() != null && p.topic().created()) {
                topics.putIfAbsent(p.topic().name(), p.topic());
            }
        }
        return topics;
    }
}
