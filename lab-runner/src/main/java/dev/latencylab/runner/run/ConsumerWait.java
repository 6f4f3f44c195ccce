package dev.latencylab.runner.run;

import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.wait.Sleeper;
import dev.latencylab.api.wait.Wait;
import dev.latencylab.runner.apps.ConsumerClient;
import dev.latencylab.runner.apps.Drained;
import java.time.Clock;
import java.time.Duration;
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

    /** Until the consumer has read every record {@code producers} sent, at most {@code timeout}. */
    public CaughtUp drained(List<ProducerStatus> producers, Duration timeout) throws InterruptedException {
        Wait.Seen<LatencyView> seen = waits.until(timeout, poll, consumer::latency, v -> Drained.check(v, producers));
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
     * Until every instance of the group holds at least {@code each} partitions of {@code topic}, at
     * most {@code timeout}: a group that just took a new topic on may have given it to some members
     * only (one whose metadata had not seen the topic yet subscribes to it later). Returns each
     * instance's count as last seen, in the instances' order.
     */
    public List<Integer> spread(String topic, int each, Duration timeout) throws InterruptedException {
        return waits.until(timeout, poll, () -> heldByEach(topic), held -> held.stream()
                        .allMatch(n -> n >= each))
                .last();
    }

    /** Each instance's own view, without the histograms a group read decodes for nothing here. */
    private List<Integer> heldByEach(String topic) throws InterruptedException {
        List<Integer> held = new java.util.ArrayList<>();
        for (int n = 1; n <= consumer.endpoints().size(); n++) {
            held.add(consumer.instanceView(n).assignedPartitions(topic));
        }
        return held;
    }
}
