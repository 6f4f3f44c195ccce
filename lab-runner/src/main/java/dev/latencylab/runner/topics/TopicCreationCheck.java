package dev.latencylab.runner.topics;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.AlterConfigsOptions;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.CreateTopicsOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.apache.kafka.common.errors.InvalidPartitionsException;
import org.apache.kafka.common.errors.InvalidReplicationFactorException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.PolicyViolationException;
import org.apache.kafka.common.errors.TopicExistsException;

/**
 * Whether the brokers would create a topic, asked without creating it (CreateTopics, validate only):
 * their own checks of every config's name and value, the replicas and the partitions, as the creation
 * would meet them. A topic of the name that exists already has its configs checked the same way
 * (IncrementalAlterConfigs, validate only); its layout is then the creation's to meet.
 */
final class TopicCreationCheck {

    private TopicCreationCheck() {}

    /** The brokers' refusal, in their words; empty when they would create it. */
    static Optional<String> refusal(AdminCalls calls, NewTopic topic) throws InterruptedException {
        try {
            calls.get(
                    calls.admin()
                            .createTopics(List.of(topic), new CreateTopicsOptions().validateOnly(true))
                            .all(),
                    "check topic " + topic.name());
            return Optional.empty();
        } catch (TopicException e) {
            if (e.getCause() instanceof TopicExistsException) {
                Optional<String> layout = replicasRefusal(calls, topic);
                return layout.isPresent() ? layout : configsRefusal(calls, topic);
            }
            if (refusesTheTopic(e.getCause())) {
                return Optional.of(e.getCause().getMessage());
            }
            throw e;
        }
    }

    /**
     * Whether the brokers refused the topic itself: its name, layout, configs, a policy, or this client's
     * right to create it. Anything else (credentials refused, a timeout) says nothing of the topic: the
     * cluster could not be asked.
     */
    private static boolean refusesTheTopic(Throwable cause) {
        return cause instanceof InvalidConfigurationException
                || cause instanceof InvalidReplicationFactorException
                || cause instanceof InvalidPartitionsException
                || cause instanceof InvalidTopicException
                || cause instanceof PolicyViolationException
                || cause instanceof AuthorizationException;
    }

    /**
     * A topic of the name exists (left by an earlier run, to be replaced): its successor's replicas are
     * checked against the brokers the cluster has, which a validate-only creation would have done.
     */
    private static Optional<String> replicasRefusal(AdminCalls calls, NewTopic topic) throws InterruptedException {
        int brokers = calls.get(calls.admin().describeCluster().nodes(), "list the brokers")
                .size();
        short replicas = topic.replicationFactor();
        return replicas > brokers
                ? Optional.of("replication factor " + replicas + " is more than the " + brokers
                        + " brokers of the cluster (a topic of the name exists: the run would replace it)")
                : Optional.empty();
    }

    private static Optional<String> configsRefusal(AdminCalls calls, NewTopic topic) throws InterruptedException {
        List<AlterConfigOp> set = topic.configs().entrySet().stream()
                .map(c -> new AlterConfigOp(new ConfigEntry(c.getKey(), c.getValue()), AlterConfigOp.OpType.SET))
                .toList();
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic.name());
        try {
            calls.get(
                    calls.admin()
                            .incrementalAlterConfigs(
                                    Map.of(resource, set), new AlterConfigsOptions().validateOnly(true))
                            .all(),
                    "check the configs of topic " + topic.name());
            return Optional.empty();
        } catch (TopicException e) {
            // Only a config refused counts: a cluster that will not let this runner alter an existing topic's
            // configs (someone's topic) says nothing of what a creation would meet.
            if (e.getCause() instanceof InvalidConfigurationException
                    || e.getCause() instanceof PolicyViolationException) {
                return Optional.of(e.getCause().getMessage());
            }
            throw e;
        }
    }
}
