package dev.latencylab.runner.faults;

import dev.latencylab.api.latency.SlowRecords;
import dev.latencylab.api.producer.SenderCounters;
import dev.latencylab.api.wait.Sleeper;
import dev.latencylab.api.wait.Wait;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.topics.GroupAssignment;
import dev.latencylab.runner.topics.TopicHealth;
import dev.latencylab.runner.topics.Topics;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Watches a phase from its first fault step until it is closed: every {@link #EVERY} it reads the
 * producer's counters (retries, errors, failures) and the topic's leaders and in-sync replicas
 * from the cluster's metadata (and, when the phase acts on consumer-app instances, the consumer
 * group as its coordinator describes it), on its own thread so the phase's schedule is not held up by a
 * broker that does not answer. {@link #close} turns the samples and the consumer's slow-record
 * count into an {@link Outage}.
 */
public final class FaultWatch {

    public static final Duration EVERY = Duration.ofMillis(250);
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(2);

    private final Topics topics;
    private final String topic;
    /** The consumer group to describe as well, when the phase acts on its members. */
    private final java.util.Optional<String> group;

    private final List<GroupChurn.Described> groupSamples = new ArrayList<>();
    private final ProducerClient producer;
    private final Clock clock;
    private final Instant firstFault;
    private final List<Observation> samples = new ArrayList<>();
    private final List<Outage.FaultStepTaken> steps = new ArrayList<>();
    private Instant lastRestart;
    private final Thread thread;
    private volatile boolean stopping;

    private record Observation(Instant at, TopicHealth health, SenderCounters counters) {}

    /**
     * Starts watching at {@code firstFault}, reading the state before it first; {@code group}, when
     * given, is described too (who holds which partition of the topic).
     */
    public FaultWatch(
            Topics topics,
            String topic,
            java.util.Optional<String> group,
            ProducerClient producer,
            Clock clock,
            Instant firstFault)
            throws InterruptedException {
        this.topics = topics;
        this.topic = topic;
        this.group = group;
        this.producer = producer;
        this.clock = clock;
        this.firstFault = firstFault;
        sample();
        this.thread = new Thread(this::run, "fault-watch");
        thread.setDaemon(true);
        thread.start();
    }

    /** A step that restarted no broker. */
    public synchronized void stepDone(Outage.FaultStepTaken step) {
        stepDone(step, null);
    }

    /**
     * @param restartedAt when the broker a restart step started answered (its start may be settled
     *     later, on another step or at the window's end); null for a step that restarted no broker
     */
    public synchronized void stepDone(Outage.FaultStepTaken step, Instant restartedAt) {
        steps.add(step);
        if (restartedAt != null && (lastRestart == null || restartedAt.isAfter(lastRestart))) {
            lastRestart = restartedAt;
        }
    }

    private void run() {
        while (!stopping) {
            try {
                Thread.sleep(EVERY.toMillis());
                sample();
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void sample() throws InterruptedException {
        TopicHealth health = null;
        SenderCounters counters = null;
        try {
            health = topics.health(topic, CALL_TIMEOUT);
        } catch (RuntimeException e) {
            // a missing sample is counted, not fatal: the metadata may be unreachable mid-failover
        }
        try {
            counters = producer.state(CALL_TIMEOUT).counters();
        } catch (RuntimeException e) {
            // the same for the producer-app (counted in its view)
        }
        GroupAssignment assignment = null;
        if (group.isPresent()) {
            try {
                assignment = topics.group(group.get(), topic, CALL_TIMEOUT);
            } catch (RuntimeException e) {
                // the same for the group's coordinator
            }
        }
        Instant now = clock.instant();
        synchronized (this) {
            samples.add(new Observation(now, health, counters));
            if (group.isPresent()) {
                groupSamples.add(new GroupChurn.Described(now, assignment));
            }
        }
    }

    /**
     * After a restart, waits (at most {@code max}) until a sample shows every partition with all
     * its replicas in sync: the next phase starts on a whole cluster, and the time is reported.
     *
     * @return whether it was seen
     */
    public boolean awaitIsrWhole(Duration max) throws InterruptedException {
        return new Wait(clock, Sleeper.REAL)
                .until(max, EVERY, this::isrWholeSinceRestart, whole -> whole)
                .met();
    }

    /** Whether the last sample, taken after the last restart, shows every replica in sync (no restart: true). */
    private synchronized boolean isrWholeSinceRestart() {
        if (lastRestart == null) {
            return true;
        }
        Observation last = samples.get(samples.size() - 1);
        return !last.at().isBefore(lastRestart)
                && last.health() != null
                && last.health().isrWhole();
    }

    /** Stops sampling and sums up, with the consumer group's slow-record count of the phase. */
    public Outage close(SlowRecords slow, Double thresholdMs) throws InterruptedException {
        stopping = true;
        thread.interrupt();
        thread.join(CALL_TIMEOUT.multipliedBy(2).toMillis());
        synchronized (this) {
            // A consumer-app's start is recorded when it answers, after steps issued later.
            steps.sort(java.util.Comparator.comparingDouble(Outage.FaultStepTaken::at));
            return new Outage(
                    steps,
                    thresholdMs,
                    slow == null ? null : slow.count(),
                    slow == null || slow.firstSent() == null ? null : seconds(slow.firstSent()),
                    slow == null || slow.lastReceived() == null ? null : seconds(slow.lastReceived()),
                    slow == null ? null : slow.maxMs(),
                    episodes(slow, this::seconds),
                    producerView(),
                    clusterView(),
                    group.isPresent() ? GroupChurn.of(groupSamples) : null,
                    EVERY.toMillis() / 1000.0);
        }
    }

    /**
     * The delayed records' episodes, by tenths of a second of intended send time; the first starts at
     * the first delayed record's send and the last ends at the last one's, not at their tenths' edges,
     * so no episode reaches outside the outage window.
     */
    static List<Outage.Episode> episodes(SlowRecords slow, ToDoubleFunction<Instant> seconds) {
        List<Outage.Episode> episodes = new ArrayList<>();
        if (slow == null || slow.perTenth().isEmpty()) {
            return episodes;
        }
        long gapMs = Math.round(Outage.EPISODE_GAP_SECONDS * 1000);
        long first =
                slow.firstSent() == null ? Long.MIN_VALUE : slow.firstSent().toEpochMilli();
        long last = slow.lastSent() == null ? Long.MAX_VALUE : slow.lastSent().toEpochMilli();
        long start = -1;
        long end = -1;
        long records = 0;
        for (var e : slow.perTenth().entrySet()) {
            long tenth = e.getKey();
            if (start >= 0 && tenth - end > gapMs) {
                episodes.add(episode(start, end, records, seconds));
                start = -1;
                records = 0;
            }
            start = start < 0 ? Math.max(tenth, first) : start;
            end = Math.min(tenth + SlowRecords.TENTH_MS, Math.max(last, tenth));
            records += e.getValue();
        }
        episodes.add(episode(start, end, records, seconds));
        return episodes;
    }

    private static Outage.Episode episode(long startMs, long endMs, long records, ToDoubleFunction<Instant> seconds) {
        return new Outage.Episode(
                seconds.applyAsDouble(Instant.ofEpochMilli(startMs)),
                seconds.applyAsDouble(Instant.ofEpochMilli(endMs)),
                records);
    }

    private Outage.ProducerView producerView() {
        SenderCounters first = null;
        SenderCounters previous = null;
        Instant from = null;
        Instant to = null;
        SenderCounters last = null;
        int failed = 0;
        for (Observation s : samples) {
            SenderCounters c = s.counters();
            if (c == null) {
                failed++;
                continue;
            }
            if (first == null) {
                first = c;
            }
            if (previous != null
                    && (c.retries() > previous.retries()
                            || c.errors() > previous.errors()
                            || c.failed() > previous.failed())) {
                from = from == null ? s.at() : from;
                to = s.at();
            }
            previous = c;
            last = c;
        }
        if (first == null) {
            return new Outage.ProducerView(null, null, null, null, null, failed);
        }
        return new Outage.ProducerView(
                last.retries() - first.retries(),
                last.errors() - first.errors(),
                last.failed() - first.failed(),
                from == null ? null : seconds(from),
                to == null ? null : seconds(to),
                failed);
    }

    private Outage.ClusterView clusterView() {
        int changes = 0;
        double offline = 0;
        double underMin = 0;
        Double wholeAfter = null;
        int failed = 0;
        int minInsync = 0;
        Observation previous = null;
        for (Observation s : samples) {
            if (s.health() == null) {
                failed++;
                continue;
            }
            minInsync = s.health().minInsync();
            if (previous != null) {
                double dt = Duration.between(previous.at(), s.at()).toMillis() / 1000.0;
                for (TopicHealth.Partition p : s.health().partitions()) {
                    if (previous.health().leader(p.partition()) != p.leader()) {
                        changes++;
                    }
                }
                // Charged to the interval the condition was seen at its end: bounded by the sampling step.
                if (s.health().partitions().stream().anyMatch(p -> p.leader() < 0)) {
                    offline += dt;
                }
                if (s.health().underMinIsr()) {
                    underMin += dt;
                }
            }
            if (wholeAfter == null
                    && lastRestart != null
                    && !s.at().isBefore(lastRestart)
                    && s.health().isrWhole()) {
                wholeAfter = Duration.between(lastRestart, s.at()).toMillis() / 1000.0;
            }
            previous = s;
        }
        return new Outage.ClusterView(changes, offline, underMin, wholeAfter, minInsync, samples.size(), failed);
    }

    private double seconds(Instant t) {
        return Duration.between(firstFault, t).toMillis() / 1000.0;
    }
}
