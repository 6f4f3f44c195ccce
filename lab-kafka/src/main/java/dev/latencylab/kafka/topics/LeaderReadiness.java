package dev.latencylab.kafka.topics;

import dev.latencylab.api.wait.Wait;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * Waits until a topic is writable: every partition's leader answers for it. A created topic is in
 * the controller's log at once, but each broker takes its leaderships only when it replays that
 * log, and the broker a client asks may not know the topic yet. A producer sending before then
 * meets NOT_LEADER_OR_FOLLOWER, and its idempotent retries can stall on
 * OUT_OF_ORDER_SEQUENCE_NUMBER until delivery.timeout.ms (seen with 100 partitions on 2 cores).
 * ListOffsets is served by the leader alone, so an answer for every partition is that readiness.
 */
public final class LeaderReadiness {

    private static final Duration RETRY = Duration.ofMillis(200);

    private LeaderReadiness() {}

    /**
     * Returns the partition count once every leader answers; retries while the topic is unknown
     * to the broker asked or a leader is not ready. At the deadline: the last failure (its cause an
     * {@link UnknownTopicOrPartitionException} for a topic that does not exist), or a
     * {@link TimeoutException} if a call was still unanswered.
     */
    public static int await(Admin admin, String topic, Duration timeout)
            throws InterruptedException, TimeoutException, ExecutionException {
        long deadline = System.nanoTime() + timeout.toNanos();
        // No try begins less than one retry before the deadline: its failure, not a call cut short, is the answer.
        Answer answer = Wait.REAL
                .until(timeout.minus(RETRY), RETRY, () -> ask(admin, topic, deadline), a -> a.failure() == null)
                .last();
        if (answer.failure() != null) {
            throw answer.failure();
        }
        return answer.partitions();
    }

    /** Every leader's answer (the partition count), or why one did not come. */
    private record Answer(int partitions, ExecutionException failure) {}

    private static Answer ask(Admin admin, String topic, long deadline) throws InterruptedException, TimeoutException {
        try {
            TopicDescription description = admin.describeTopics(List.of(topic))
                    .allTopicNames()
                    .get(remainingMillis(deadline), TimeUnit.MILLISECONDS)
                    .get(topic);
            Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
            description
                    .partitions()
                    .forEach(p -> latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest()));
            admin.listOffsets(latest).all().get(remainingMillis(deadline), TimeUnit.MILLISECONDS);
            return new Answer(latest.size(), null);
        } catch (ExecutionException e) {
            return new Answer(0, e);
        }
    }

    private static long remainingMillis(long deadline) throws TimeoutException {
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (left <= 0) {
            throw new TimeoutException("deadline passed");
        }
        return left;
    }
}
