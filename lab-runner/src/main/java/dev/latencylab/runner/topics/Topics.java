package dev.latencylab.runner.topics;

import dev.latencylab.runner.scenario.TopicSpec;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** What the runner does to a phase's own topic. */
public interface Topics extends AutoCloseable {

    /**
     * Creates the topic with the spec's layout. A topic of that name left by an earlier run is
     * deleted first: its records would be counted in this phase's size on disk.
     *
     * @return whether an earlier topic of that name had to be deleted
     */
    boolean create(TopicSpec spec) throws InterruptedException;

    /**
     * Why the cluster would refuse to create the topic (a config it does not know or whose value it
     * refuses, more replicas than brokers), in its own words; empty when it would create it. Creates
     * nothing. Throws {@link TopicException} when the cluster cannot be asked.
     */
    Optional<String> refusal(TopicSpec spec) throws InterruptedException;

    /** Deletes the topic; a topic already gone is not an error. */
    void delete(String topic) throws InterruptedException;

    TopicDisk sizeOnDisk(String topic) throws InterruptedException;

    /** Each partition's leader and in-sync replicas as the cluster's metadata says now. */
    TopicHealth health(String topic, Duration timeout) throws InterruptedException;

    /** Where each partition's log starts now (its earliest offset), by partition. */
    Map<Integer, Long> logStarts(String topic) throws InterruptedException;

    /** What Kafka keeps of the topic ({@link TopicRetention}): an existing one's, or the one a spec would create. */
    TopicRetention retention(TopicSpec spec) throws InterruptedException;

    /**
     * The consumer group {@code group} as its coordinator describes it now: its protocol, state,
     * members and who holds each partition of {@code topic}.
     */
    default GroupAssignment group(String group, String topic, Duration timeout) throws InterruptedException {
        throw new TopicException("no Kafka admin connection was set up for the consumer group's state");
    }

    @Override
    void close();

    /** For runs whose phases all write the lab topic: asked for anything, it says so. */
    Topics NONE = new Topics() {
        @Override
        public boolean create(TopicSpec spec) {
            throw new TopicException("no Kafka admin connection was set up for phase topics");
        }

        @Override
        public void delete(String topic) {
            throw new TopicException("no Kafka admin connection was set up for phase topics");
        }

        @Override
        public Optional<String> refusal(TopicSpec spec) {
            throw new TopicException("no Kafka admin connection was set up for phase topics");
        }

        @Override
        public TopicDisk sizeOnDisk(String topic) {
            throw new TopicException("no Kafka admin connection was set up for phase topics");
        }

        @Override
        public TopicHealth health(String topic, Duration timeout) {
            throw new TopicException("no Kafka admin connection was set up for the cluster's state");
        }

        @Override
        public Map<Integer, Long> logStarts(String topic) {
            throw new TopicException("no Kafka admin connection was set up to read where the topic's logs start");
        }

        @Override
        public TopicRetention retention(TopicSpec spec) {
            throw new TopicException("no Kafka admin connection was set up to read the topic's retention");
        }

        @Override
        public void close() {}
    };
}
