package dev.latencylab.runner.compare;

import dev.latencylab.runner.run.Sleeper;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * The topic Kafka's tools write to: a topic of its own, so the consumer-app never sees records
 * without the lab's header, laid out like the lab topic (partitions, RF, min.insync.replicas).
 */
final class BenchTopic {

    private static final Duration TOPIC_TOOL_TIMEOUT = Duration.ofSeconds(60);
    /** A deleted topic's name is free again only once the controller has finished deleting it. */
    private static final Duration RECREATE_TIMEOUT = Duration.ofSeconds(60);

    private static final Duration RETRY_EVERY = Duration.ofSeconds(2);

    private final KafkaTools tools;
    private final ToolRunner runner;
    private final ToolLogs logs;
    private final Clock clock;
    private final Sleeper sleeper;

    BenchTopic(KafkaTools tools, ToolRunner runner, ToolLogs logs, Clock clock, Sleeper sleeper) {
        this.tools = tools;
        this.runner = runner;
        this.logs = logs;
        this.clock = clock;
        this.sleeper = sleeper;
    }

    TopicLayout describe(String topic) throws InterruptedException {
        ToolRun r = runner.run(
                tools.topics("--describe", "--topic", topic), TOPIC_TOOL_TIMEOUT, logs.next("topic-describe"));
        return TopicLayout.parse(r.output(), topic)
                .orElseThrow(() -> new CompareException(
                        "could not read the layout of topic " + topic + " (TopicCommand --describe, exit "
                                + r.exitCode() + ", output in " + r.log() + "): " + r.tail(3)));
    }

    /** Deletes {@code topic} if it exists (a previous run's records go too) and creates it with {@code layout}. */
    void recreate(String topic, TopicLayout layout) throws InterruptedException {
        delete(topic);
        Instant deadline = clock.instant().plus(RECREATE_TIMEOUT);
        while (true) {
            String[] args = layout.minInsyncReplicas() == null
                    ? new String[] {
                        "--create",
                        "--topic",
                        topic,
                        "--partitions",
                        Integer.toString(layout.partitions()),
                        "--replication-factor",
                        Integer.toString(layout.replicationFactor())
                    }
                    : new String[] {
                        "--create",
                        "--topic",
                        topic,
                        "--partitions",
                        Integer.toString(layout.partitions()),
                        "--replication-factor",
                        Integer.toString(layout.replicationFactor()),
                        "--config",
                        "min.insync.replicas=" + layout.minInsyncReplicas()
                    };
            ToolRun r = runner.run(tools.topics(args), TOPIC_TOOL_TIMEOUT, logs.next("topic-create"));
            if (r.ok()) {
                return;
            }
            if (!clock.instant().isBefore(deadline)) {
                throw new CompareException("could not create topic " + topic + " within " + RECREATE_TIMEOUT.toSeconds()
                        + " s (TopicCommand --create, exit " + r.exitCode() + ", output in " + r.log() + "): "
                        + r.tail(3));
            }
            // Most likely "marked for deletion": the old topic is still being removed.
            sleeper.sleep(RETRY_EVERY);
        }
    }

    void delete(String topic) throws InterruptedException {
        ToolRun r = runner.run(
                tools.topics("--delete", "--if-exists", "--topic", topic),
                TOPIC_TOOL_TIMEOUT,
                logs.next("topic-delete"));
        if (!r.ok()) {
            throw new CompareException("could not delete topic " + topic + " (TopicCommand --delete, exit "
                    + r.exitCode() + ", output in " + r.log() + "): " + r.tail(3));
        }
    }
}
