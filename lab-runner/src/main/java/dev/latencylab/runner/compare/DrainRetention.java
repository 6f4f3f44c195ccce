package dev.latencylab.runner.compare;

import dev.latencylab.runner.scenario.TopicSpec;
import dev.latencylab.runner.topics.TopicException;
import dev.latencylab.runner.topics.TopicRetention;
import dev.latencylab.runner.topics.Topics;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * Whether Kafka keeps a round's two backlogs whole: they share the round's drain topic (the tool
 * reads both), created like the lab topic with the brokers' defaults ({@link TopicRetention}).
 */
public final class DrainRetention {

    private DrainRetention() {}

    /**
     * Why {@code --backlog} is too large for the drain topic, or empty when it fits; unchecked, said
     * on {@code err}, when the cluster does not tell what it keeps.
     */
    public static Optional<String> refusal(Topics admin, CompareSettings settings, PrintStream err)
            throws InterruptedException {
        TopicRetention drain;
        try {
            int partitions =
                    admin.retention(TopicSpec.existing(settings.labTopic())).partitions();
            drain = admin.retention(new TopicSpec(settings.drainTopic("r1"), partitions, null, null, Map.of(), false));
        } catch (TopicException e) {
            err.println("warning: could not read what the drain topic will keep, so --backlog is not checked"
                    + " against its retention: " + e.getMessage());
            return Optional.empty();
        }
        return drain.backlogRefusal(
                "--backlog " + settings.backlogRecords() + ": a round's two backlogs, on one topic",
                2 * settings.backlogRecords(),
                CompareSettings.RECORD_BYTES,
                null,
                Duration.ZERO);
    }
}
