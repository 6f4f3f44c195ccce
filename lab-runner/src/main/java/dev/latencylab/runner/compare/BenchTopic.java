package dev.latencylab.runner.compare;

import dev.latencylab.api.wait.Sleeper;
import dev.latencylab.api.wait.Wait;
import dev.latencylab.runner.topics.TopicOwnership;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The topic Kafka's tools write to: a topic of its own, so the consumer-app never sees records
 * without the lab's header, laid out like the lab topic (partitions, RF, min.insync.replicas).
 * Deleted only as {@link TopicOwnership} allows, the rule a run's phase topics follow.
 */
final class BenchTopic {

    private static final Duration TOPIC_TOOL_TIMEOUT = Duration.ofSeconds(60);
    /** A deleted topic's name is free again only once the controller has finished deleting it. */
    private static final Duration RECREATE_TIMEOUT = Duration.ofSeconds(60);

    private static final Duration RETRY_EVERY = Duration.ofSeconds(2);

    private final CompareContext ctx;
    private final Wait waits;
    private final TopicOwnership ownership;

    BenchTopic(CompareContext ctx, Clock clock, Sleeper sleeper, TopicOwnership ownership) {
        this.ctx = ctx;
        this.waits = new Wait(clock, sleeper);
        this.ownership = ownership;
    }

    TopicLayout describe(String topic) throws InterruptedException {
        ToolRun r = describeRun(topic);
        return TopicLayout.parse(r.output(), topic)
                .orElseThrow(() ->
                        new CompareException("could not read the layout of topic " + topic + failure("describe", r)));
    }

    private ToolRun describeRun(String topic) throws InterruptedException {
        return topicCommand("topic-describe", "--describe", "--topic", topic);
    }

    /**
     * Creates {@code topic} with {@code layout}. One that exists already is deleted first where the lab
     * may delete it (a previous run's records would be counted too); elsewhere it stops the comparison
     * before anything is sent, naming it.
     */
    void create(String topic, TopicLayout layout) throws InterruptedException {
        if (ownership.mayDelete(topic)) {
            delete(topic);
        } else if (TopicLayout.parse(describeRun(topic).output(), topic).isPresent()) {
            throw new CompareException(ownership.refusal(topic, "give compare another bench topic (--topic NAME)"));
        }
        List<String> args = new ArrayList<>(List.of(
                "--create",
                "--topic",
                topic,
                "--partitions",
                Integer.toString(layout.partitions()),
                "--replication-factor",
                Integer.toString(layout.replicationFactor())));
        if (layout.minInsyncReplicas() != null) {
            args.addAll(List.of("--config", "min.insync.replicas=" + layout.minInsyncReplicas()));
        }
        // Tried again while it fails: most likely "marked for deletion", the old topic still being removed.
        waits.until(
                        RECREATE_TIMEOUT,
                        RETRY_EVERY,
                        () -> topicCommand("topic-create", args.toArray(String[]::new)),
                        ToolRun::ok)
                .orElseThrow(r -> new CompareException("could not create topic " + topic + " within "
                        + RECREATE_TIMEOUT.toSeconds() + " s" + failure("create", r)));
        ownership.claim(topic);
    }

    /** Deletes {@code topic} if the lab may: on a cluster it did not start, only the one this comparison created. */
    void deleteIfOwn(String topic) throws InterruptedException {
        if (ownership.mayDelete(topic)) {
            delete(topic);
        }
    }

    private void delete(String topic) throws InterruptedException {
        ToolRun r = topicCommand("topic-delete", "--delete", "--if-exists", "--topic", topic);
        if (!r.ok()) {
            throw new CompareException("could not delete topic " + topic + failure("delete", r));
        }
    }

    /** TopicCommand at the lab's brokers, its output in the next tool log named {@code log}. */
    private ToolRun topicCommand(String log, String... args) throws InterruptedException {
        return ctx.runner.run(ctx.tools.topics(args), TOPIC_TOOL_TIMEOUT, ctx.toolLog(log));
    }

    /** How a TopicCommand run failed, for the end of an error: exit code, log and last lines. */
    private static String failure(String action, ToolRun r) {
        return " (TopicCommand --" + action + ", exit " + r.exitCode() + ", output in " + r.log() + "): " + r.tail(3);
    }
}
