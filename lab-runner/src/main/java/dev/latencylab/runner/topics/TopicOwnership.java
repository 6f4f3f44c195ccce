package dev.latencylab.runner.topics;

import dev.latencylab.runner.scenario.TopicSpec;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which topics the lab may delete, the one place that rule lives (a run's phase topics and
 * compare's bench topic both ask it): on the lab's own brokers any, since a topic of a lab name
 * there is an earlier run's; on a cluster the lab did not start only the topics it created or
 * deleted itself, since any other may be someone's.
 */
public final class TopicOwnership {

    private final String bootstrap;
    private final boolean labsOwnBrokers;
    /** Created or deleted by this lab: its own to replace on any cluster (a deletion may still be completing). */
    private final Set<String> own = ConcurrentHashMap.newKeySet();

    /**
     * @param labsOwnBrokers whether {@code bootstrap} is the lab's own brokers (the stack it started), not a
     *     cluster given with {@code --bootstrap}
     */
    public TopicOwnership(String bootstrap, boolean labsOwnBrokers) {
        this.bootstrap = bootstrap;
        this.labsOwnBrokers = labsOwnBrokers;
    }

    /** The lab created or deleted {@code topic}: from now on it is the lab's to replace. */
    public void claim(String topic) {
        own.add(topic);
    }

    /** Whether an existing {@code topic} may be deleted (to create it anew, or to clean up). */
    public boolean mayDelete(String topic) {
        return deletionRefusal(topic).isEmpty();
    }

    /**
     * Why {@code topic} may not be deleted, or empty when it may: a name outside {@code lab.} never
     * (on any cluster it may be someone's), a lab name on a cluster the lab did not start only when
     * the lab created it.
     */
    public Optional<String> deletionRefusal(String topic) {
        if (!TopicSpec.labs(topic)) {
            return Optional.of("the lab deletes only topics named " + TopicSpec.LAB_PREFIX + "*: not " + topic);
        }
        if (!labsOwnBrokers && !own.contains(topic)) {
            return Optional.of("the lab did not create topic " + topic + " on " + bootstrap
                    + ", a cluster it did not start: it deletes only topics it created there");
        }
        return Optional.empty();
    }

    /**
     * Why an existing topic stops the lab, naming it and what the user can do.
     *
     * @param instead the other way out, e.g. "give the phase another topic"
     */
    public String refusal(String topic, String instead) {
        return "topic " + topic + " already exists on " + bootstrap
                + ", a cluster the lab did not start: the lab deletes only topics it created. Delete it yourself if"
                + " it is a lab topic an earlier run left, or " + instead;
    }
}
