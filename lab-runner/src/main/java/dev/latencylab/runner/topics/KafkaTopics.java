package dev.latencylab.runner.topics;

import dev.latencylab.api.wait.Sleeper;
import dev.latencylab.api.wait.Wait;
import dev.latencylab.kafka.topics.LeaderReadiness;
import dev.latencylab.runner.scenario.TopicSpec;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.clients.admin.DescribeConsumerGroupsOptions;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.ReplicaInfo;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/** {@link Topics} on a real cluster, through Kafka's Admin client. */
public final class KafkaTopics implements Topics {

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);
    /** A deleted topic's name is free again only once the controller has finished deleting it. */
    private static final Duration RECREATE_TIMEOUT = Duration.ofSeconds(60);

    private static final Duration RECREATE_EVERY = Duration.ofMillis(500);

    private final Admin admin;
    private final String bootstrap;
    private final AdminCalls calls;
    private final Clock clock;
    private final PartitionOffsets offsets;
    /** Whether a topic that exists before a phase creates it may be deleted first. */
    private final TopicOwnership ownership;

    /** On the lab's own brokers: a topic left by an earlier run is replaced. */
    public KafkaTopics(String bootstrap, Clock clock) {
        this(bootstrap, new Properties(), clock, true);
    }

    /**
     * @param client Kafka client properties for the admin client (an existing cluster's security settings)
     * @param replaceOthers whether a topic this runner did not create may be deleted to create it anew:
     *     true only on the lab's own brokers
     */
    public KafkaTopics(String bootstrap, Properties client, Clock clock, boolean replaceOthers) {
        this.ownership = new TopicOwnership(bootstrap, replaceOthers);
        Properties p = new Properties();
        p.putAll(client);
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(AdminClientConfig.CLIENT_ID_CONFIG, "lab-runner");
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) CALL_TIMEOUT.toMillis());
        this.admin = Admin.create(p);
        this.bootstrap = bootstrap;
        this.calls = new AdminCalls(admin, bootstrap, CALL_TIMEOUT);
        this.clock = clock;
        this.offsets = new PartitionOffsets(admin, bootstrap, CALL_TIMEOUT, this::health);
    }

    @Override
    public boolean create(TopicSpec spec) throws InterruptedException {
        NewTopic topic = newTopic(spec);
        AtomicBoolean replaced = new AtomicBoolean();
        new Wait(clock, Sleeper.REAL)
                .until(RECREATE_TIMEOUT, RECREATE_EVERY, () -> createOnce(topic, replaced), Optional::isEmpty)
                .orElseThrow(Optional::get);
        return replaced.get();
    }

    /** The topic {@link #create} asks for: the spec's layout and configs, min.insync.replicas the lab's unless given. */
    private static NewTopic newTopic(TopicSpec spec) {
        Map<String, String> configs = new HashMap<>(spec.configs());
        configs.put(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG, Integer.toString(spec.minInsyncReplicasOrDefault()));
        return new NewTopic(spec.name(), spec.partitions(), spec.replicationFactorOrDefault()).configs(configs);
    }

    @Override
    public Optional<String> refusal(TopicSpec spec) throws InterruptedException {
        return TopicCreationCheck.refusal(calls, newTopic(spec));
    }

    /**
     * Creates {@code topic} and waits for its leaders; empty once it has. A topic of the name that
     * exists already is deleted (once, where the lab may) and its refusal returned, for another try.
     */
    private Optional<TopicException> createOnce(NewTopic topic, AtomicBoolean replaced) throws InterruptedException {
        try {
            calls.get(admin.createTopics(List.of(topic)).all(), "create topic " + topic.name());
            ownership.claim(topic.name());
            // A topic is writable only once each leader serves it (see LeaderReadiness).
            awaitLeaders(topic.name());
            return Optional.empty();
        } catch (TopicException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw e;
            }
            if (!ownership.mayDelete(topic.name())) {
                throw new TopicException(ownership.refusal(topic.name(), "give the phase another topic"), e.getCause());
            }
            if (!replaced.getAndSet(true)) {
                delete(topic.name());
            }
            return Optional.of(e);
        }
    }

    private void awaitLeaders(String topic) throws InterruptedException {
        String late = "the leaders of " + topic + " on " + bootstrap + " were not ready within "
                + CALL_TIMEOUT.toSeconds() + " s";
        try {
            LeaderReadiness.await(admin, topic, CALL_TIMEOUT);
        } catch (ExecutionException e) {
            throw new TopicException(late + ": " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new TopicException(late);
        }
    }

    /** Which of these topics exist on the cluster now (for a dry run: nothing is changed). */
    public Set<String> existing(Collection<String> topics) throws InterruptedException {
        Set<String> names = calls.get(admin.listTopics().names(), "list topics");
        Set<String> found = new HashSet<>(topics);
        found.retainAll(names);
        return found;
    }

    /**
     * Deletes {@code topic} only where {@link TopicOwnership} allows, asking the cluster nothing
     * otherwise: the check is here, not only in the callers, so no caller can delete someone's topic.
     */
    @Override
    public void delete(String topic) throws InterruptedException {
        Optional<String> refused = ownership.deletionRefusal(topic);
        if (refused.isPresent()) {
            throw new TopicException(refused.get());
        }
        // Its name may take a moment to be free again: creating it anew is this runner's to retry.
        ownership.claim(topic);
        try {
            calls.get(admin.deleteTopics(List.of(topic)).all(), "delete topic " + topic);
        } catch (TopicException e) {
            if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                throw e;
            }
        }
    }

    @Override
    public TopicDisk sizeOnDisk(String topic) throws InterruptedException {
        TopicDescription description = describe(topic);
        List<TopicPartition> partitions = new ArrayList<>();
        Map<TopicPartition, Integer> leaders = new HashMap<>();
        for (TopicPartitionInfo p : description.partitions()) {
            TopicPartition tp = new TopicPartition(topic, p.partition());
            partitions.add(tp);
            leaders.put(tp, p.leader() == null ? -1 : p.leader().id());
        }
        Collection<Node> brokers = calls.get(admin.describeCluster().nodes(), "list the brokers");
        List<Integer> brokerIds = brokers.stream().map(Node::id).toList();
        Map<Integer, Map<String, LogDirDescription>> dirs =
                calls.get(admin.describeLogDirs(brokerIds).allDescriptions(), "describe the log dirs of " + brokerIds);
        long bytes = 0;
        for (TopicPartition tp : partitions) {
            long leaderSize = -1;
            long largest = 0;
            for (Map.Entry<Integer, Map<String, LogDirDescription>> broker : dirs.entrySet()) {
                for (LogDirDescription dir : broker.getValue().values()) {
                    ReplicaInfo replica = dir.replicaInfos().get(tp);
                    if (replica == null) {
                        continue;
                    }
                    largest = Math.max(largest, replica.size());
                    if (broker.getKey().equals(leaders.get(tp))) {
                        leaderSize = replica.size();
                    }
                }
            }
            // Without a leader (a broker down) the largest replica is the fullest copy there is.
            bytes += leaderSize >= 0 ? leaderSize : largest;
        }
        var ends = offsets.read(topic, partitions, OffsetSpec.latest(), "end");
        var starts = offsets.read(topic, partitions, OffsetSpec.earliest(), "start");
        long records = 0;
        for (TopicPartition tp : partitions) {
            records += ends.get(tp) - starts.get(tp);
        }
        return new TopicDisk(topic, partitions.size(), bytes, records);
    }

    @Override
    public Map<Integer, Long> logStarts(String topic) throws InterruptedException {
        Map<Integer, Long> starts = new HashMap<>();
        offsets(topic, OffsetSpec.earliest(), "start").forEach((tp, o) -> starts.put(tp.partition(), o));
        return starts;
    }

    /**
     * The sum of the topic's end offsets: every record ever written to it, read in one request to
     * the partitions' leaders (nothing else is asked, so it can be read often).
     */
    public long endOffsets(String topic) throws InterruptedException {
        return offsets(topic, OffsetSpec.latest(), "end").values().stream()
                .mapToLong(Long::longValue)
                .sum();
    }

    /** Each partition's offset of {@code spec} (its log's start or end). */
    private Map<TopicPartition, Long> offsets(String topic, OffsetSpec spec, String which) throws InterruptedException {
        TopicDescription description = describe(topic);
        List<TopicPartition> asked = description.partitions().stream()
                .map(p -> new TopicPartition(topic, p.partition()))
                .toList();
        return offsets.read(topic, asked, spec, which);
    }

    /**
     * The topic's effective retention: an existing topic's configs as the cluster resolves them; for
     * one a phase creates, the spec's configs over the brokers' defaults (log.retention.bytes,
     * log.retention.ms, else .minutes, else .hours, log.cleanup.policy), as Kafka resolves a new topic's.
     */
    @Override
    public TopicRetention retention(TopicSpec spec) throws InterruptedException {
        if (!spec.created()) {
            String topic = spec.name();
            int partitions = describe(topic).partitions().size();
            Config c = configs(new ConfigResource(ConfigResource.Type.TOPIC, topic), "topic " + topic);
            return new TopicRetention(
                    topic,
                    partitions,
                    number(c, TopicConfig.RETENTION_BYTES_CONFIG, 1),
                    number(c, TopicConfig.RETENTION_MS_CONFIG, 1),
                    compacts(value(c, TopicConfig.CLEANUP_POLICY_CONFIG)));
        }
        Node broker = calls.get(admin.describeCluster().nodes(), "list the brokers").stream()
                .findFirst()
                .orElseThrow(() -> new TopicException("no broker answers on " + bootstrap));
        Config b = configs(
                new ConfigResource(ConfigResource.Type.BROKER, Integer.toString(broker.id())), "broker " + broker.id());
        long ms = value(b, "log.retention.ms") != null
                ? number(b, "log.retention.ms", 1)
                : value(b, "log.retention.minutes") != null
                        ? number(b, "log.retention.minutes", 60_000)
                        : number(b, "log.retention.hours", 3_600_000);
        Map<String, String> own = spec.configs();
        return new TopicRetention(
                spec.name(),
                spec.partitions(),
                own.containsKey(TopicConfig.RETENTION_BYTES_CONFIG)
                        ? Long.parseLong(own.get(TopicConfig.RETENTION_BYTES_CONFIG))
                        : number(b, "log.retention.bytes", 1),
                own.containsKey(TopicConfig.RETENTION_MS_CONFIG)
                        ? Long.parseLong(own.get(TopicConfig.RETENTION_MS_CONFIG))
                        : ms,
                compacts(own.getOrDefault(TopicConfig.CLEANUP_POLICY_CONFIG, value(b, "log.cleanup.policy"))));
    }

    private TopicDescription describe(String topic) throws InterruptedException {
        return calls.get(admin.describeTopics(List.of(topic)).allTopicNames(), "describe topic " + topic)
                .get(topic);
    }

    private Config configs(ConfigResource resource, String what) throws InterruptedException {
        return calls.get(admin.describeConfigs(List.of(resource)).all(), "describe the configs of " + what)
                .get(resource);
    }

    private static String value(Config c, String name) {
        ConfigEntry e = c.get(name);
        return e == null ? null : e.value();
    }

    /** A config's number times {@code unit}; -1 (none) stays -1. */
    private static long number(Config c, String name, long unit) {
        String v = value(c, name);
        if (v == null) {
            throw new TopicException("the cluster did not say its " + name);
        }
        long n = Long.parseLong(v);
        return n < 0 ? -1 : n * unit;
    }

    private static boolean compacts(String policy) {
        return policy != null && policy.contains(TopicConfig.CLEANUP_POLICY_COMPACT);
    }

    /** min.insync.replicas by topic: read once, since a fault watch asks every 250 ms. */
    private final Map<String, Integer> minInsync = new java.util.concurrent.ConcurrentHashMap<>();

    private int minInsync(String topic, Duration timeout)
            throws InterruptedException, ExecutionException, TimeoutException {
        Integer known = minInsync.get(topic);
        if (known != null) {
            return known;
        }
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        ConfigEntry entry = admin.describeConfigs(
                        List.of(resource), new DescribeConfigsOptions().timeoutMs((int) timeout.toMillis()))
                .all()
                .get(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .get(resource)
                .get(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG);
        int value = entry == null ? 1 : Integer.parseInt(entry.value());
        minInsync.put(topic, value);
        return value;
    }

    // The admin client is given the sample's timeout too: a call only its caller gave up on stays queued for
    // CALL_TIMEOUT, and a watch asking every 250 ms of a cluster that does not answer would pile them up.
    @Override
    public TopicHealth health(String topic, Duration timeout) throws InterruptedException {
        try {
            TopicDescription d = admin.describeTopics(
                            List.of(topic), new DescribeTopicsOptions().timeoutMs((int) timeout.toMillis()))
                    .allTopicNames()
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS)
                    .get(topic);
            int minInsync = minInsync(topic, timeout);
            return new TopicHealth(
                    d.partitions().stream()
                            .map(p -> new TopicHealth.Partition(
                                    p.partition(),
                                    p.leader() == null || p.leader().isEmpty()
                                            ? -1
                                            : p.leader().id(),
                                    p.isr().size(),
                                    p.replicas().size()))
                            .toList(),
                    minInsync);
        } catch (ExecutionException e) {
            throw new TopicException(
                    "could not describe " + topic + ": " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new TopicException("could not describe " + topic + " within " + timeout.toMillis() + " ms");
        }
    }

    @Override
    public void close() {
        admin.close(Duration.ofSeconds(5));
    }

    @Override
    public GroupAssignment group(String group, String topic, Duration timeout) throws InterruptedException {
        ConsumerGroupDescription d;
        try {
            d = admin.describeConsumerGroups(
                            List.of(group), new DescribeConsumerGroupsOptions().timeoutMs((int) timeout.toMillis()))
                    .describedGroups()
                    .get(group)
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new TopicException(
                    "could not describe group " + group + ": " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new TopicException("could not describe group " + group + " within " + timeout.toMillis() + " ms");
        }
        Map<Integer, String> owners = new HashMap<>();
        for (MemberDescription m : d.members()) {
            for (TopicPartition tp : m.assignment().topicPartitions()) {
                if (tp.topic().equals(topic)) {
                    owners.put(tp.partition(), m.consumerId());
                }
            }
        }
        return new GroupAssignment(
                d.type().toString().toLowerCase(java.util.Locale.ROOT),
                d.groupState().toString().toLowerCase(java.util.Locale.ROOT),
                d.members().size(),
                owners);
    }
}
