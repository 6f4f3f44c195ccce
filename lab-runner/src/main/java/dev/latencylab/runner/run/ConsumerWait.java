package dev.latencylab.runner.run;

import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.wait.Sleeper;
import dev.latencylab.api.wait.Wait;
import dev.latencylab.runner.apps.ConsumerClient;
import dev.latencylab.runner.apps.Drained;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The two waits on the consumer-app that a run and a comparison share, each bounded: until it has
 * read what the producer-app instances sent ({@link Drained}), and until it holds every partition of
 * a topic. Each returns what it saw last, so the caller words what a timeout means for its own step.
 */
public final class ConsumerWait {

    private final ConsumerClient consumer;
    private final Wait waits;
    private final Duration poll;

    /** @param pause how to wait between two looks (a run's notices its abort) */
    public ConsumerWait(ConsumerClient consumer, Clock clock, Sleeper pause, Duration poll) {
        this.consumer = consumer;
        this.waits = new Wait(clock, pause);
        this.poll = poll;
    }

    /** The consumer's figures when it was last read, and whether it had read everything by then. */
    public record CaughtUp(LatencyView last, boolean drained) {}

    /**
     * Until the consumer has read every record {@code producers} sent, at most {@code timeout};
     * {@code stopped}: the last window that ended with the load stopped, if any ({@link Drained}).
     */
    public CaughtUp drained(List<ProducerStatus> producers, Duration timeout, Drained.StoppedWindow stopped)
            throws InterruptedException {
        Wait.Seen<LatencyView> seen =
                waits.until(timeout, poll, consumer::latency, v -> Drained.check(v, producers, stopped));
        return new CaughtUp(seen.last(), seen.met());
    }

    /**
     * Until the consumer holds all {@code partitions} of {@code topic}, at most {@code timeout}: it
     * starts at the log's end, so records written before it holds a partition are never read.
     * Returns how many it holds.
     */
    public int assigned(String topic, int partitions, Duration timeout) throws InterruptedException {
        return waits.until(
                        timeout, poll, () -> consumer.latency().assignedPartitions(topic), held -> held >= partitions)
                .last();
    }

    /**
     * Each instance's partitions of the new topic and of every topic the group reads, in the
     * instances' order. The group's assignor balances the whole subscription, not each topic (the
     * consumer protocol's uniform assignor gives one member the idle lab topic's partitions and the
     * others the new topic's): a share is counted over all of it.
     */
    public record GroupSpread(List<Integer> ofTopic, List<Integer> inAll) {

        /** The partitions of every topic the group reads over its instances, rounded down: each one's share. */
        public int share() {
            return inAll.isEmpty()
                    ? 0
                    : inAll.stream().mapToInt(Integer::intValue).sum() / inAll.size();
        }

        boolean even(int partitions) {
            int share = share();
            return ofTopic.stream().mapToInt(Integer::intValue).sum() >= partitions
                    && inAll.stream().allMatch(n -> n >= share);
        }
    }

    /**
     * Until the group holds all {@code partitions} of {@code topic} and every instance holds its share
     * of what the group reads ({@link GroupSpread}), at most {@code timeout}: a group that just took a new
     * topic on may have given it to some members only (one whose metadata had not seen the topic yet
     * subscribes to it later). Returns what it saw last and whether that was even.
     */
    public Wait.Seen<GroupSpread> spread(String topic, int partitions, Duration timeout) throws InterruptedException {
        return waits.until(timeout, poll, () -> heldByEach(topic), held -> held.even(partitions));
    }

    /** Each instance's own view, without the histograms a group read decodes for nothing here. */
    private GroupSpread heldByEach(String topic) throws InterruptedException {
        List<Integer> ofTopic = new ArrayList<>();
        List<Integer> inAll = new ArrayList<>();
        for (int n = 1; n <= consumer.endpoints().size(); n++) {
            LatencyView view = consumer.instanceView(n);
            ofTopic.add(view.assignedPartitions(topic));
            inAll.add(view.assigned().values().stream().mapToInt(List::size).sum());
        }
        return new GroupSpread(ofTopic, inAll);
    }
}
