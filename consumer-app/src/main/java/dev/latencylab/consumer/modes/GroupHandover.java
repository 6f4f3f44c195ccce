package dev.latencylab.consumer.modes;

import dev.latencylab.core.latency.LatencyRecorder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The brokers' side of switching between the app's consumer group and its share group, through the
 * Admin API, so that nothing falls between them: the share group starts each partition where the
 * consumer group stopped (or, after a restart, where the share group was: the ledger says), and the
 * consumer group goes on after what the share group processed in order.
 */
final class GroupHandover {

    private static final Logger log = LoggerFactory.getLogger(GroupHandover.class);
    private static final long ADMIN_TIMEOUT_SECONDS = 30;

    private final Supplier<Map<String, Object>> clientConfig;
    private final String consumerGroup;
    private final String shareGroup;
    private final Pattern topics;
    private final LatencyRecorder recorder;

    /** The topics set to be read as the share group, each with its partitions. */
    record ShareTopics(List<String> names, Map<String, List<Integer>> partitions) {}

    GroupHandover(
            Supplier<Map<String, Object>> clientConfig,
            String consumerGroup,
            String shareGroup,
            Pattern topics,
            LatencyRecorder recorder) {
        this.clientConfig = clientConfig;
        this.consumerGroup = consumerGroup;
        this.shareGroup = shareGroup;
        this.topics = topics;
        this.recorder = recorder;
    }

    /** Refuses while the consumer group has members: they would read what the share group reads. */
    void requireConsumerGroupEmpty() {
        try (Admin admin = admin()) {
            ConsumerGroupDescription group = admin.describeConsumerGroups(List.of(consumerGroup))
                    .all()
                    .get(ADMIN_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                    .get(consumerGroup);
            if (group != null && !group.members().isEmpty()) {
                throw new IllegalStateException("consumer group " + consumerGroup + " still has "
                        + group.members().size()
                        + " member(s): other instances would read what the share group reads; one instance reads"
                        + " as a share group (stop the others: scripts/lab consumer stop <n>)");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while describing the consumer group", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("could not describe consumer group " + consumerGroup + ": " + e, e);
        }
    }

    /**
     * The topics that match now; those not among {@code known} get the share group's start offsets
     * (where the consumer group stopped, or, when {@code continuing} and the share ledger holds a
     * partition, where the share group was: the app restarted while reading as it). Null when the
     * topics that match are {@code known}.
     */
    ShareTopics startShareGroup(List<String> known, boolean continuing) {
        try (Admin admin = admin()) {
            List<String> names = matching(admin);
            if (names.isEmpty()) {
                throw new IllegalStateException("no topic matches " + topics + " yet: a share group subscribes to"
                        + " topics by name, so one must exist before the consumer reads as a share group");
            }
            if (names.equals(known)) {
                return null;
            }
            List<String> fresh = names.stream().filter(t -> !known.contains(t)).toList();
            Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
            Map<String, List<Integer>> all = new TreeMap<>();
            List<TopicPartition> described = partitions(admin, names);
            for (TopicPartition tp : described) {
                all.computeIfAbsent(tp.topic(), t -> new ArrayList<>()).add(tp.partition());
                if (fresh.contains(tp.topic())) {
                    latest.put(tp, OffsetSpec.latest());
                }
            }
            all.values().forEach(Collections::sort);
            Map<TopicPartition, Long> starts = new HashMap<>();
            admin.listOffsets(latest)
                    .all()
                    .get(ADMIN_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                    .forEach((tp, end) -> recorder.shareStart(tp.topic(), tp.partition(), end.offset(), continuing)
                            .ifPresent(start -> starts.put(tp, start)));
            if (!starts.isEmpty()) {
                // The brokers first: if they refuse, the ledger still says where the share group was.
                admin.alterShareGroupOffsets(shareGroup, starts).all().get(ADMIN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                starts.forEach((tp, start) -> recorder.startShared(tp.topic(), tp.partition(), start));
            }
            if (!fresh.isEmpty()) {
                log.info(
                        "Share group {} reads {} ({} partitions set to start after what the consumer group read)",
                        shareGroup,
                        fresh,
                        starts.size());
            }
            return new ShareTopics(List.copyOf(all.keySet()), all);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while setting the share group's start offsets", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("could not set share group " + shareGroup + "'s start offsets: " + e, e);
        }
    }

    /** After the share consumers stopped: the consumer group is to go on after what they processed in order. */
    void resumeConsumerGroup(List<String> entered) {
        Map<TopicPartition, OffsetAndMetadata> resume = new HashMap<>();
        try (Admin admin = admin()) {
            // A phase's own topic may be gone by now (the runner deletes it after the phase).
            Set<String> existing = admin.listTopics().names().get(ADMIN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            for (TopicPartition tp : partitions(
                    admin, entered.stream().filter(existing::contains).toList())) {
                OptionalLong next = recorder.resumeConsumerGroup(tp.topic(), tp.partition());
                if (next.isPresent()) {
                    resume.put(tp, new OffsetAndMetadata(next.getAsLong()));
                }
            }
            if (!resume.isEmpty()) {
                admin.alterConsumerGroupOffsets(consumerGroup, resume)
                        .all()
                        .get(ADMIN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while setting the consumer group's offsets", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(
                    "could not set consumer group " + consumerGroup + "'s offsets after the share group's: " + e, e);
        }
    }

    /** Whether a topic that matches is not among {@code entered} (a phase's own, made since). */
    boolean newTopics(List<String> entered) throws InterruptedException, ExecutionException, TimeoutException {
        try (Admin admin = admin()) {
            return !entered.containsAll(matching(admin));
        }
    }

    private List<String> matching(Admin admin) throws InterruptedException, ExecutionException, TimeoutException {
        return admin.listTopics().names().get(ADMIN_TIMEOUT_SECONDS, TimeUnit.SECONDS).stream()
                .filter(t -> topics.matcher(t).matches())
                .sorted()
                .toList();
    }

    /** The partitions of those of {@code names} that still exist (a phase's own topic may be deleted meanwhile). */
    private static List<TopicPartition> partitions(Admin admin, List<String> names)
            throws InterruptedException, ExecutionException, TimeoutException {
        List<TopicPartition> partitions = new ArrayList<>();
        if (names.isEmpty()) {
            return partitions;
        }
        for (Map.Entry<String, KafkaFuture<TopicDescription>> e :
                admin.describeTopics(names).topicNameValues().entrySet()) {
            TopicDescription d;
            try {
                d = e.getValue().get(ADMIN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } catch (ExecutionException gone) {
                if (gone.getCause() instanceof UnknownTopicOrPartitionException) {
                    continue;
                }
                throw gone;
            }
            d.partitions().forEach(p -> partitions.add(new TopicPartition(d.name(), p.partition())));
        }
        return partitions;
    }

    /** An admin client with the app's connection settings (security ones included). */
    private Admin admin() {
        Map<String, Object> config = new HashMap<>();
        Set<String> adminNames = AdminClientConfig.configNames();
        clientConfig.get().forEach((key, value) -> {
            if (adminNames.contains(key)) {
                config.put(key, value);
            }
        });
        return Admin.create(config);
    }
}
