package dev.latencylab.consumer.modes;

import dev.latencylab.api.latency.ConsumerDescription;
import dev.latencylab.api.settings.CommitMode;
import dev.latencylab.api.settings.ConsumerChange;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.api.settings.ListenerType;
import dev.latencylab.api.wait.Wait;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.time.Duration;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.ContainerProperties.AckMode;
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * The consumer settings in effect and the listener container that applies them. There are two
 * containers in one group, a batch listener and a record listener; one runs at a time. A change
 * of listener, fetch or commit settings stops the running container (its processed offsets are
 * committed as it leaves the group), configures the one the settings ask for and starts it; a
 * change of processing takes effect from the next batch. Whether the consumer reads (paused or
 * not) carries over. Nothing is lost across a switch: what was read but not committed is read
 * again and counted as redelivered by the offset ledger. The share listener is no container of the
 * registry: the {@link ShareGroupReader} runs it, and pausing it stops its consumers. Each change is
 * kept in the {@link SettingsFile}, if there is one, for this instance's next start.
 */
public final class ConsumerModes {

    /** The batch listener's id, the container that runs when the app starts. */
    public static final String BATCH_LISTENER = "lab-latency";
    /** The record listener's id, started only when the settings ask for it. */
    public static final String RECORD_LISTENER = "lab-latency-record";

    static final Duration PAUSE_TIMEOUT = Duration.ofSeconds(15);

    private static final Duration PAUSE_POLL = Duration.ofMillis(20);

    private static final Logger log = LoggerFactory.getLogger(ConsumerModes.class);

    private final KafkaListenerEndpointRegistry registry;
    private final ConsumerDescription base;
    private volatile ConsumerSettings settings;
    private final SettingsFile store;
    private final ShareGroupReader share;
    private final AtomicLong generation = new AtomicLong();
    private final MultiGauge info;

    public ConsumerModes(
            KafkaListenerEndpointRegistry registry,
            ConsumerDescription base,
            ConsumerSettings initial,
            SettingsFile store,
            ShareGroupReader share,
            MeterRegistry meters) {
        this.registry = registry;
        this.share = share;
        this.base = base;
        this.settings = initial;
        this.store = store;
        // Both containers were configured with the initial settings' Kafka properties (those kept
        // from before a restart): a later change that leaves one out must take it out of them.
        for (ListenerType type : ListenerType.values()) {
            propertiesSet.put(type, initial.consumerConfig().keySet());
        }
        Gauge.builder("lab.consumer.settings.generation", generation, AtomicLong::get)
                .description("+1 on every applied change of the consumer settings (annotate with changes())")
                .register(meters);
        info = MultiGauge.builder("lab.consumer.settings.info")
                .description("1, labelled with the consumer settings in effect")
                .register(meters);
        publish(initial);
    }

    /** The settings in effect as the info gauge's labels: one series at a time. */
    private void publish(ConsumerSettings s) {
        info.register(
                List.of(MultiGauge.Row.of(
                        Tags.of(
                                "summary", s.describe(),
                                "listener", s.listener().label(),
                                "max_poll_records", Integer.toString(s.maxPollRecords()),
                                "commit", s.describeCommit(),
                                "processing", s.processing().label(),
                                "workers", Integer.toString(s.workers())),
                        1)),
                true);
    }

    public ConsumerSettings settings() {
        return settings;
    }

    /** The Kafka properties beyond the lab's settings each listener container was last started with. */
    private final Map<ListenerType, Set<String>> propertiesSet = new EnumMap<>(ListenerType.class);

    /**
     * Applies the change and answers the settings now in effect.
     *
     * @throws dev.latencylab.api.settings.BadSettingsException if the result is not a valid
     *     combination; nothing is changed then
     * @throws IllegalStateException if the consumer could not be paused in time
     */
    public synchronized ConsumerSettings apply(ConsumerChange change) {
        ConsumerSettings before = settings;
        ConsumerSettings next = before.apply(change);
        if (needsRestart(before, next)) {
            boolean paused = !consuming();
            stopReading(before); // blocks until the listener threads have left; offsets committed on the way
            if (before.listener() == ListenerType.SHARE && next.listener() != ListenerType.SHARE) {
                try {
                    share.leave();
                } catch (RuntimeException e) {
                    startReading(before, paused); // the share group reads on as before
                    throw e;
                }
            }
            if (before.listener() != ListenerType.SHARE && next.listener() == ListenerType.SHARE) {
                try {
                    share.enter();
                } catch (RuntimeException e) {
                    // Nothing changed: the consumer group reads on as before.
                    startReading(before, paused);
                    throw e;
                }
            }
            // In effect before the new listener's first record: it reads the settings it processes with;
            // kept first, so an instance killed once it reads restarts reading as it did.
            settings = next;
            store.keep(next);
            startReading(next, paused);
            log.info("Consumer now {} ({} listener restarted)", next.describe(), next.listener());
        } else if (!next.equals(before)) {
            settings = next;
            log.info("Consumer now {}", next.describe());
        }
        if (!next.equals(before)) {
            generation.incrementAndGet();
            publish(next);
            store.keep(next);
        }
        if (change.consuming() != null) {
            consuming(change.consuming());
        }
        return next;
    }

    /** Whether the consumer reads: false until it is asked to pause, true again when resumed. */
    public boolean consuming() {
        if (settings.listener() == ListenerType.SHARE) {
            return share.running();
        }
        MessageListenerContainer c = container(settings.listener());
        return c != null && !c.isPauseRequested();
    }

    /**
     * An app started again with the share listener in effect (kept from before a restart) goes on
     * reading as the share group from where it was: call it once the app is ready.
     */
    public synchronized void resumeShareGroup() {
        if (settings.listener() == ListenerType.SHARE) {
            share.start(settings);
        }
    }

    private void stopReading(ConsumerSettings s) {
        if (s.listener() == ListenerType.SHARE) {
            share.stop();
            return;
        }
        // Paused first: a container stopped just as its poll returns drops that poll's records
        // unprocessed (spring-kafka: "Discarding polled records, container stopped") while the
        // consumer's positions are already past them, so the next reader would read them again
        // (commits by the container) or never (commit auto commits the positions on revocation).
        // A paused consumer's poll returns nothing: there is nothing to drop. A container holding no
        // partition has nothing to drop either, and never counts as paused (spring-kafka pauses partitions).
        MessageListenerContainer c = container(s.listener());
        Collection<TopicPartition> held = c.getAssignedPartitions();
        if (!c.isRunning() || held == null || held.isEmpty()) {
            c.stop();
            return;
        }
        c.pause();
        if (!paused(c)) {
            log.warn(
                    "The {} listener had not paused after {} s; stopped while it reads (what it polled"
                            + " last may be read again)",
                    s.listener(),
                    PAUSE_TIMEOUT.toSeconds());
        }
        c.stop();
    }

    /** Waits until {@code container} has paused, up to {@link #PAUSE_TIMEOUT}; false if it had not. */
    private static boolean paused(MessageListenerContainer container) {
        try {
            return Wait.REAL
                    .until(PAUSE_TIMEOUT, PAUSE_POLL, container::isContainerPaused, paused -> paused)
                    .met();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the listener to pause", e);
        }
    }

    private void startReading(ConsumerSettings s, boolean paused) {
        if (s.listener() == ListenerType.SHARE) {
            if (!paused) {
                share.start(s);
            }
            return;
        }
        MessageListenerContainer target = container(s.listener());
        configure(target.getContainerProperties(), s, propertiesSet.getOrDefault(s.listener(), Set.of()));
        propertiesSet.put(s.listener(), s.consumerConfig().keySet());
        if (paused) {
            target.pause();
        } else {
            target.resume(); // paused by the stop before (stopReading), or by an earlier pause
        }
        target.start();
    }

    /**
     * Pauses or resumes reading. A pause takes effect between two polls: this returns once it has,
     * so what is sent after the answer is not read until resumed.
     */
    public synchronized void consuming(boolean consuming) {
        if (settings.listener() == ListenerType.SHARE) {
            // A share container cannot pause: its consumers stop, and what they held goes back to the group.
            if (consuming) {
                share.start(settings);
            } else {
                share.stop();
            }
            return;
        }
        MessageListenerContainer container = container(settings.listener());
        if (consuming) {
            container.resume();
            return;
        }
        container.pause();
        if (!paused(container)) {
            throw new IllegalStateException("the listener was asked to pause but had not paused after "
                    + PAUSE_TIMEOUT.toSeconds()
                    + " s (is it polling?); POST {\"consuming\": true} withdraws the request");
        }
    }

    /**
     * The consumer group's listener container in effect: whose assignment and pause state count.
     *
     * @throws IllegalStateException while the app reads as a share group (which assigns no partitions)
     */
    public MessageListenerContainer active() {
        return container(settings.listener());
    }

    /**
     * The partitions this instance reads, by topic: {@code consumerGroup}'s assignment, or, reading as
     * the share group, every partition of the topics it reads.
     */
    public Map<String, List<Integer>> assigned(Map<String, List<Integer>> consumerGroup) {
        return settings.listener() == ListenerType.SHARE ? share.reading() : consumerGroup;
    }

    /** The app's description with the settings in effect: a phase's consumer part. */
    public ConsumerDescription description() {
        ConsumerSettings s = settings;
        Map<String, String> described = new TreeMap<>(base.settings());
        described.putAll(s.kafkaProperties());
        described.put("listener", s.listener().label());
        described.put("commit", s.describeCommit());
        described.put("processing", s.processing() + (s.workers() > 1 ? " x " + s.workers() : ""));
        described.put("work", s.workMicros() == 0 ? "none" : s.work() + " " + s.workMicros() + " µs");
        return new ConsumerDescription(base.topics(), base.groupId(), described, s.consumerConfig());
    }

    /** The id of the listener container of {@code type}; null for the share listener, which has none. */
    public static String listenerId(ListenerType type) {
        return switch (type) {
            case RECORD -> RECORD_LISTENER;
            case BATCH -> BATCH_LISTENER;
            case SHARE -> null;
        };
    }

    private MessageListenerContainer container(ListenerType type) {
        if (type == ListenerType.SHARE) {
            throw new IllegalStateException("the share listener has no container of the registry");
        }
        MessageListenerContainer c = registry.getListenerContainer(listenerId(type));
        if (c == null) {
            throw new IllegalStateException("the " + type + " listener container is not registered");
        }
        return c;
    }

    private static boolean needsRestart(ConsumerSettings now, ConsumerSettings next) {
        return now.fetchDiffers(next)
                || now.listener() != next.listener()
                || now.commit() != next.commit()
                || !java.util.Objects.equals(now.commitCount(), next.commitCount())
                || !java.util.Objects.equals(now.commitIntervalMs(), next.commitIntervalMs())
                || now.commitSync() != next.commitSync()
                || (next.listener() == ListenerType.SHARE && now.workers() != next.workers());
    }

    /** Puts the settings' fetch and commit parts into a container's properties (read when it starts). */
    public static void configure(ContainerProperties properties, ConsumerSettings s) {
        configure(properties, s, Set.of());
    }

    /**
     * {@link #configure(ContainerProperties, ConsumerSettings)} for a container that an earlier change
     * gave the Kafka properties {@code setBefore}: those the settings no longer name are taken out,
     * so the consumer factory's own (or Kafka's default) applies again.
     */
    static void configure(ContainerProperties properties, ConsumerSettings s, Set<String> setBefore) {
        Properties kafka = new Properties();
        kafka.putAll(properties.getKafkaConsumerProperties());
        setBefore.forEach(kafka::remove);
        kafka.remove(ConsumerConfig.AUTO_COMMIT_INTERVAL_MS_CONFIG);
        kafka.putAll(s.consumerConfig());
        kafka.putAll(s.kafkaProperties());
        // commit auto: the Kafka consumer commits inside poll by itself, and the container then
        // acknowledges nothing (no per-record offset bookkeeping); otherwise the container commits.
        boolean auto = s.commit() == CommitMode.AUTO;
        kafka.setProperty(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, Boolean.toString(auto));
        if (auto) {
            kafka.setProperty(
                    ConsumerConfig.AUTO_COMMIT_INTERVAL_MS_CONFIG,
                    s.commitIntervalMs().toString());
        }
        AutoCommitOnRevoke.set(properties, auto);
        kafka.setProperty(ConsumerConfig.INTERCEPTOR_CLASSES_CONFIG, PollClock.class.getName());
        properties.setKafkaConsumerProperties(kafka);
        properties.setAckMode(ackMode(s.commit()));
        if (s.commit() == CommitMode.COUNT) {
            properties.setAckCount(s.commitCount());
        }
        if (s.commit() == CommitMode.TIME) {
            properties.setAckTime(s.commitIntervalMs());
        }
        properties.setSyncCommits(s.commitSync());
        // spring-kafka's listener timer would time every record (or batch) on the polling thread: work
        // ConsumerPerformance does not do, for a figure nothing reads (the lab's own histograms time records).
        properties.setMicrometerEnabled(false);
    }

    private static AckMode ackMode(CommitMode commit) {
        return switch (commit) {
            case RECORD -> AckMode.RECORD;
            case BATCH -> AckMode.BATCH;
            case COUNT -> AckMode.COUNT;
            case TIME -> AckMode.TIME;
            // Not read: with enable.auto.commit the container acknowledges nothing and commits nothing.
            case AUTO -> AckMode.BATCH;
        };
    }
}
