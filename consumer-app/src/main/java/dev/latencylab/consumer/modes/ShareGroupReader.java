package dev.latencylab.consumer.modes;

import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.core.latency.LatencyRecorder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.kafka.core.DefaultShareConsumerFactory;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.MessageListener;
import org.springframework.kafka.listener.ShareConsumerRecordRecoverer;
import org.springframework.kafka.listener.ShareKafkaMessageListenerContainer;

/**
 * The app reading as a share group (KIP-932), {@code <group>-share}: a group id of its own, since a
 * consumer group and a share group cannot share one. Spring Kafka's share container runs {@code
 * workers} share consumers, each acknowledging a record (ACCEPT) once the listener returns.
 *
 * <p>Nothing falls between the two groups (the Admin side is the package's {@code GroupHandover}):
 * on entering, the share group's start offset of each partition is set where the consumer group
 * stopped (see {@link LatencyRecorder#startShared}); on leaving, the consumer group's offsets are
 * set after what the share group processed in order. A share consumer subscribes to topic names,
 * not a pattern: the topics that match the app's pattern when it enters are those read.
 */
public final class ShareGroupReader implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(ShareGroupReader.class);
    /** Consumer properties a share consumer refuses (KafkaShareConsumer checks them). */
    private static final Set<String> NOT_FOR_SHARE = Set.of(
            ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
            ConsumerConfig.GROUP_INSTANCE_ID_CONFIG,
            ConsumerConfig.ISOLATION_LEVEL_CONFIG,
            ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG,
            ConsumerConfig.INTERCEPTOR_CLASSES_CONFIG,
            ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG,
            ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG,
            ConsumerConfig.GROUP_PROTOCOL_CONFIG,
            ConsumerConfig.GROUP_REMOTE_ASSIGNOR_CONFIG);

    private final Supplier<Map<String, Object>> clientConfig;
    private final String shareGroup;
    private final GroupHandover handover;
    private final MessageListener<byte[], byte[]> listener;
    private List<String> entered = List.of();
    /** Each topic read as the share group and its partitions, once their start offsets are set. */
    private volatile Map<String, List<Integer>> reading = Map.of();

    private ShareKafkaMessageListenerContainer<byte[], byte[]> container;
    private ConsumerSettings runningWith;
    /** Whether the share consumers are to run: a failed attempt at new topics starts them again. */
    private boolean wanted;

    /** Looks for topics made since (a phase's own), as a consumer group's pattern subscription would. */
    private final ScheduledExecutorService topicWatch = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread t = new Thread(task, "lab-share-topics");
        t.setDaemon(true);
        return t;
    });

    private ScheduledFuture<?> watching;

    /**
     * @param clientConfig the app's consumer configuration (Boot's), bootstrap servers included: asked
     *     for when the app first reads as a share group
     * @param listener what processes and records each record
     */
    public ShareGroupReader(
            Supplier<Map<String, Object>> clientConfig,
            String consumerGroup,
            Pattern topics,
            LatencyRecorder recorder,
            MessageListener<byte[], byte[]> listener) {
        this.clientConfig = clientConfig;
        this.shareGroup = shareGroupOf(consumerGroup);
        this.handover = new GroupHandover(clientConfig, consumerGroup, shareGroup, topics, recorder);
        this.listener = listener;
    }

    /** The share group of a consumer group's app. */
    public static String shareGroupOf(String consumerGroup) {
        return consumerGroup + "-share";
    }

    public String shareGroup() {
        return shareGroup;
    }

    /**
     * Starts reading as the share group, switching from the consumer group: the share group's start
     * offsets are set where the consumer group stopped. The container is not started: {@link #start}
     * does that.
     */
    public synchronized void enter() {
        handover.requireConsumerGroupEmpty();
        entered = prepare(List.of(), false);
        watch();
    }

    /** The topics that match now, those new among {@code known} given their start offsets. */
    private List<String> prepare(List<String> known, boolean continuing) {
        GroupHandover.ShareTopics now = handover.startShareGroup(known, continuing);
        if (now == null) {
            return known;
        }
        reading = now.partitions();
        return now.names();
    }

    /** After the share consumers stopped: the consumer group is to go on after what they processed in order. */
    public synchronized void leave() {
        handover.resumeConsumerGroup(entered);
        unwatch(); // only now: a failed leave reads on as the share group, new topics included
        entered = List.of();
        reading = Map.of();
    }

    /** Starts {@code settings.workers()} share consumers with the settings' fetch properties. */
    public synchronized void start(ConsumerSettings settings) {
        if (container != null) {
            return;
        }
        // Topics made since (a phase's own): their start offsets set now; after a restart (nothing entered
        // yet in this process), every topic the ledger holds goes on where the share group was.
        entered = prepare(entered, entered.isEmpty());
        watch();
        wanted = true;
        startConsumers(settings);
    }

    private void startConsumers(ConsumerSettings settings) {
        runningWith = settings;
        Map<String, String> kafkaProperties = settings.kafkaProperties();
        Map<String, Object> config = new HashMap<>(clientConfig.get());
        config.putAll(kafkaProperties);
        config.putAll(settings.consumerConfig());
        List<String> dropped = new ArrayList<>();
        for (String key : NOT_FOR_SHARE) {
            if (config.remove(key) != null
                    && (kafkaProperties.containsKey(key)
                            || settings.consumerConfig().containsKey(key))) {
                dropped.add(key);
            }
        }
        if (!dropped.isEmpty()) {
            log.info("Share consumers are not given {}: a share consumer has no such setting", dropped);
        }
        config.put(ConsumerConfig.GROUP_ID_CONFIG, shareGroup);
        ContainerProperties properties = new ContainerProperties(entered.toArray(String[]::new));
        properties.setGroupId(shareGroup);
        // Each record accepted once the listener returns; one whose processing failed goes back to the
        // group (Spring's default rejects it: archived, never delivered again, so never counted).
        properties.setShareAckMode(ContainerProperties.ShareAckMode.EXPLICIT);
        ShareKafkaMessageListenerContainer<byte[], byte[]> c =
                new ShareKafkaMessageListenerContainer<>(new DefaultShareConsumerFactory<>(config), properties);
        c.setShareConsumerRecordRecoverer(ShareConsumerRecordRecoverer.RELEASING);
        c.setConcurrency(settings.workers());
        c.setBeanName("lab-latency-share");
        c.setupMessageListener(listener);
        c.start();
        container = c;
    }

    /** Stops the share consumers: records they held and had not acknowledged go back to the group. */
    public synchronized void stop() {
        wanted = false;
        stopConsumers();
    }

    private void stopConsumers() {
        if (container != null) {
            container.stop();
            container = null;
        }
    }

    /** The topics read as the share group, each with its partitions: every record written to them from now on is read. */
    public Map<String, List<Integer>> reading() {
        return reading;
    }

    private void watch() {
        if (watching == null) {
            watching = topicWatch.scheduleWithFixedDelay(this::takeUpNewTopics, 2, 2, TimeUnit.SECONDS);
        }
    }

    private void unwatch() {
        if (watching != null) {
            watching.cancel(false);
            watching = null;
        }
    }

    /** A topic made since that matches: its start offsets set (consumers stopped meanwhile), then read too. */
    private synchronized void takeUpNewTopics() {
        if (entered.isEmpty()) {
            return;
        }
        try {
            if (!handover.newTopics(entered)) {
                return;
            }
            stopConsumers();
            entered = prepare(entered, false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            log.warn("Share group {}: new topics not taken up yet (next try in 2 s): {}", shareGroup, e.toString());
        } finally {
            if (wanted && container == null) {
                try {
                    startConsumers(runningWith);
                } catch (RuntimeException e) {
                    log.error(
                            "Share group {}: its consumers could not start again; not reading: {}",
                            shareGroup,
                            e.toString());
                }
            }
        }
    }

    public synchronized boolean running() {
        return container != null;
    }

    /** Stops the share consumers with the app: what they processed is acknowledged, what they held goes back. */
    @Override
    public void destroy() {
        topicWatch.shutdownNow();
        stop();
    }
}
