package dev.latencylab.runner.topics;

import dev.latencylab.runner.scenario.Durations;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

/**
 * A topic's partitions' start or end offsets, read from their leaders. When some leader does not
 * answer in time, the refusal names those partitions and, from the topic's description, why: a
 * leader that took over recently has a high watermark behind the start of its leader epoch, which
 * does not advance while fewer replicas than min.insync.replicas are in sync (KIP-966), and until it
 * does the leader answers ListOffsets(latest) with OFFSET_NOT_AVAILABLE, which the admin client
 * retries until it times out.
 */
final class PartitionOffsets {

    /** How long the description that explains a refusal may take: the call itself has waited already. */
    private static final Duration DESCRIBE_TIMEOUT = Duration.ofSeconds(5);

    /** The topic's description, for the refusal. */
    interface Health {
        TopicHealth of(String topic, Duration timeout) throws InterruptedException;
    }

    private final Admin admin;
    private final String bootstrap;
    private final Duration timeout;
    private final Health health;

    PartitionOffsets(Admin admin, String bootstrap, Duration timeout, Health health) {
        this.admin = admin;
        this.bootstrap = bootstrap;
        this.timeout = timeout;
        this.health = health;
    }

    /**
     * The offset of {@code spec} of each partition asked for, by partition.
     *
     * @param which what the offsets are, for the refusal: "start" or "end"
     */
    Map<TopicPartition, Long> read(String topic, List<TopicPartition> partitions, OffsetSpec spec, String which)
            throws InterruptedException {
        Map<TopicPartition, OffsetSpec> asked = new HashMap<>();
        partitions.forEach(tp -> asked.put(tp, spec));
        ListOffsetsResult result = admin.listOffsets(asked);
        Map<TopicPartition, Long> offsets = new HashMap<>();
        try {
            result.all().get(timeout.toMillis(), TimeUnit.MILLISECONDS).forEach((tp, o) -> offsets.put(tp, o.offset()));
            return offsets;
        } catch (ExecutionException | TimeoutException e) {
            List<Integer> unanswered = partitions.stream()
                    .filter(tp -> {
                        var answer = result.partitionResult(tp);
                        return !answer.isDone() || answer.isCompletedExceptionally();
                    })
                    .map(TopicPartition::partition)
                    .sorted()
                    .toList();
            TopicHealth described;
            try {
                described = health.of(topic, DESCRIBE_TIMEOUT);
            } catch (TopicException unknown) {
                described = null;
            }
            Throwable cause = e instanceof ExecutionException ? e.getCause() : null;
            throw new TopicException(
                    "could not read the " + which + " offsets of " + topic + " on " + bootstrap + " within "
                            + Durations.format(timeout) + ": " + whyUnread(which, unanswered, described, cause),
                    cause);
        }
    }

    /**
     * Why the leaders of {@code unanswered} gave no offsets, as far as the topic's description
     * ({@code described}, null when it could not be read) says.
     */
    static String whyUnread(String which, List<Integer> unanswered, TopicHealth described, Throwable cause) {
        String said = cause == null ? null : cause.getMessage();
        if (described == null || unanswered.isEmpty()) {
            return (said == null ? "no answer" : said) + " (are the brokers up? scripts/lab up)";
        }
        if (cause != null && !(cause instanceof org.apache.kafka.common.errors.TimeoutException)) {
            // Refused, not unanswered (authorization, an unsupported version): the cluster's own words say why.
            return "partition " + unanswered.get(0) + " refused: " + said;
        }
        StringBuilder why = new StringBuilder();
        for (int partition : unanswered) {
            TopicHealth.Partition p = described.partitions().stream()
                    .filter(d -> d.partition() == partition)
                    .findFirst()
                    .orElse(null);
            why.append(why.isEmpty() ? "" : "; ").append("partition ").append(partition);
            if (p == null) {
                why.append(" is not in the topic's description");
            } else if (p.leader() < 0) {
                why.append(" has no leader (")
                        .append(p.isr())
                        .append(" of its ")
                        .append(p.replicas())
                        .append(" replicas in sync)");
            } else if (p.isr() < Math.min(p.replicas(), described.minInsync()) && which.equals("end")) {
                // The broker holds a partition to min(replicas, min.insync.replicas).
                why.append(" has ")
                        .append(p.isr())
                        .append(" of its ")
                        .append(p.replicas())
                        .append(" replicas in sync, fewer than its min.insync.replicas ")
                        .append(described.minInsync())
                        .append(": a leader that took over (now broker ")
                        .append(p.leader())
                        .append(") gives no end offset until its high watermark reaches the start of its leader"
                                + " epoch, which it cannot while too few replicas are in sync (KIP-966)");
            } else {
                why.append(": its leader, broker ").append(p.leader()).append(", did not answer");
            }
        }
        return why.toString();
    }
}
