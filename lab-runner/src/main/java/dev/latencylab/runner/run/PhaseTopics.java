package dev.latencylab.runner.run;

import dev.latencylab.api.latency.ConsumerDescription;
import dev.latencylab.api.settings.PayloadKind;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.wait.Wait;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.scenario.Durations;
import dev.latencylab.runner.scenario.PayloadFolder;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.TimedFault;
import dev.latencylab.runner.scenario.TopicSpec;
import dev.latencylab.runner.topics.TopicDisk;
import dev.latencylab.runner.topics.TopicException;
import dev.latencylab.runner.topics.TopicRetention;
import dev.latencylab.runner.topics.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The topics phases write ({@link TopicSpec}): checked against what the consumer reads, created
 * before their phase, measured on disk and deleted after it, and deleted on the way out when a run
 * was cut short.
 */
public final class PhaseTopics {

    private final RunContext run;
    /** Topics this run created and has not yet deleted: an interrupted run deletes them on its way out. */
    private final Set<String> created = new LinkedHashSet<>();

    PhaseTopics(RunContext run) {
        this.run = run;
    }

    /** Whether the phase writes a topic the runner creates for it. */
    public static boolean ownTopic(Phase phase) {
        return phase.topic() != null && phase.topic().created();
    }

    /**
     * A phase's topic must be one the consumer reads (its pattern), or the phase would measure
     * nothing: refused before anything runs.
     */
    void requireTopicsRead(Scenario scenario) throws InterruptedException {
        ConsumerDescription description = run.consumer.latency().consumer();
        if (description == null) {
            return;
        }
        for (Phase p : scenario.phases()) {
            if (p.topic() != null && !description.reads(p.topic().name())) {
                throw new EndpointException(
                        "phase " + p.name() + " writes topic " + p.topic().name()
                                + ", which the consumer does not read (it reads topics matching " + description.topics()
                                + "): name it lab.orders.<something>");
            }
        }
    }

    /**
     * What a run of {@code scenario} refuses before anything runs, each said: topics the cluster would
     * not create ({@link #topicsRefused}), backlogs their topics would not keep whole ({@link
     * #backlogsNotKept}). What cannot be asked is passed to {@code warn}, and refuses nothing.
     */
    public static List<String> refusedBeforeTheRun(
            Scenario scenario, Topics topics, PayloadFolder payloads, Consumer<String> warn)
            throws InterruptedException {
        List<String> refusals = new ArrayList<>(topicsRefused(scenario, topics, warn));
        refusals.addAll(backlogsNotKept(scenario, topics, payloads, warn));
        return refusals;
    }

    /**
     * The topics of {@code scenario}'s phases the cluster would refuse to create, each with the
     * cluster's reason (a config name it does not know, a value out of its range, more replicas than
     * brokers): refused when the run starts, not when the phase that creates it comes, minutes or hours
     * in. Each topic is asked once; when the cluster cannot be asked, the rest are not asked either (each
     * would wait as long) and one warning to {@code warn} names them.
     */
    static List<String> topicsRefused(Scenario scenario, Topics topics, Consumer<String> warn)
            throws InterruptedException {
        Map<TopicSpec, String> toAsk = new LinkedHashMap<>();
        for (Phase p : scenario.phases()) {
            if (ownTopic(p)) {
                toAsk.putIfAbsent(p.topic(), p.name());
            }
        }
        List<String> refusals = new ArrayList<>();
        List<TopicSpec> specs = new ArrayList<>(toAsk.keySet());
        for (int i = 0; i < specs.size(); i++) {
            TopicSpec spec = specs.get(i);
            try {
                topics.refusal(spec)
                        .ifPresent(why -> refusals.add("phase " + toAsk.get(spec) + "'s topic " + spec.name()
                                + ": the cluster would not create it: " + why));
            } catch (TopicException e) {
                warn.accept("could not ask the cluster whether it would create topic"
                        + (i == specs.size() - 1 ? " " : "s ")
                        + String.join(
                                ", ",
                                specs.subList(i, specs.size()).stream()
                                        .map(TopicSpec::name)
                                        .toList())
                        + ", so their configs are checked only when each is created: " + e.getMessage());
                break;
            }
        }
        return refusals;
    }

    /**
     * The backlogs of {@code scenario} that its topics would not keep whole ({@link TopicRetention}),
     * each said: a backlog must be read whole, or its drain measures less and the lab counts the rest
     * lost. Checked before anything runs; a topic whose retention cannot be read (a cluster that
     * refuses the admin call) is passed to {@code warn}, its backlog not refused. A sample payload's
     * records are read from {@code payloads}, as the scenario's loader read them.
     */
    public static List<String> backlogsNotKept(
            Scenario scenario, Topics topics, PayloadFolder payloads, Consumer<String> warn)
            throws InterruptedException {
        List<String> refusals = new ArrayList<>();
        for (Phase p : scenario.phases()) {
            if (!p.drains()) {
                continue;
            }
            TopicSpec spec = p.topic() != null ? p.topic() : TopicSpec.existing(ProducerClient.LAB_TOPIC);
            TopicRetention retention;
            try {
                retention = topics.retention(spec);
            } catch (TopicException e) {
                warn.accept("phase " + p.name() + ": could not read what topic " + spec.name()
                        + " keeps, so its backlog is not checked against its retention: " + e.getMessage());
                continue;
            }
            ProducerSettings s = p.settings();
            double valueBytes = s.payload() == PayloadKind.SAMPLE
                    ? payloads.read(s.payloadFile()).meanBytes()
                    : s.payloadBytes();
            Duration building = Duration.ofSeconds((long) Math.ceil(p.backlog() / s.rate()));
            retention
                    .backlogRefusal("phase " + p.name() + "'s backlog", p.backlog(), valueBytes, building, p.duration())
                    .ifPresent(refusals::add);
        }
        return refusals;
    }

    /**
     * Creates the phase's topic with the load stopped, and waits (bounded) until the consumer holds
     * every partition of it: it starts at the log's end (auto.offset.reset latest), so records
     * written before would never be read.
     */
    void prepare(PhaseTracker t) throws InterruptedException {
        TopicSpec spec = t.phase.topic();
        run.stopAndDrain(
                "so the phase does not start behind the load before it",
                "the phase starts behind it",
                "before phase " + t.phase.name());
        boolean replaced = run.topics.create(spec);
        if (!spec.keep()) {
            created.add(spec.name());
        }
        // A topic of that name read before has a ledger of the old offsets: the new records would
        // be taken for redeliveries of the old ones. Nothing is written to it yet.
        run.consumer.forgetTopic(spec.name());
        run.out.printf(
                Locale.ROOT,
                "  topic %s created: %d partitions, replication factor %d, min.insync.replicas %d%s%s%n",
                spec.name(),
                spec.partitions(),
                spec.replicationFactorOrDefault(),
                spec.minInsyncReplicasOrDefault(),
                spec.configs().isEmpty() ? "" : ", " + spec.configs(),
                replaced ? " (a topic of that name from an earlier run was deleted first)" : "");
        Instant started = run.clock.instant();
        int assigned = run.consumerWait.assigned(spec.name(), spec.partitions(), run.options.drainTimeout());
        if (assigned >= spec.partitions()) {
            run.out.printf(
                    Locale.ROOT,
                    "  the consumer holds all %d partitions of %s (%s after creation)%n",
                    assigned,
                    spec.name(),
                    Durations.format(Duration.between(started, run.clock.instant())));
        } else {
            run.warn("phase " + t.phase.name() + ": the consumer held " + assigned + " of " + spec.partitions()
                    + " partitions of " + spec.name() + " " + Durations.format(run.options.drainTimeout())
                    + " after it was created; records written before it holds a partition count as unobserved");
        }
        if (t.phase.faults().stream().anyMatch(TimedFault::onConsumer)) {
            awaitSpread(t, spec);
        }
    }

    /**
     * A phase that stops, kills or starts members measures what each event moves: it starts once
     * every instance holds its share of what the group reads, not while the group is still taking
     * the new topic on. What each holds of the new topic is said: the assignor may leave one member
     * none of it (the consumer protocol's balances the whole subscription), and a step on that
     * member moves nothing of the load.
     */
    private void awaitSpread(PhaseTracker t, TopicSpec spec) throws InterruptedException {
        Wait.Seen<ConsumerWait.GroupSpread> seen =
                run.consumerWait.spread(spec.name(), spec.partitions(), run.options.drainTimeout());
        ConsumerWait.GroupSpread held = seen.last();
        String what = held.ofTopic() + " partitions of " + spec.name() + ", " + held.inAll()
                + " of every topic the group reads";
        if (seen.met()) {
            run.out.printf(
                    Locale.ROOT, "  each consumer-app instance holds its share: %s (%d each)%n", what, held.share());
        } else {
            run.warn("phase " + t.phase.name() + ": the consumer-app instances held " + what + " "
                    + Durations.format(run.options.drainTimeout()) + " after it was created, not "
                    + held.share() + " each; the phase's steps start on an uneven group");
        }
    }

    /**
     * After its phase, the topic's size on disk with the load stopped (so nothing more is written to
     * it), then the topic is deleted unless the scenario keeps it.
     */
    public TopicDisk retire(PhaseTracker t) throws InterruptedException {
        TopicSpec spec = t.phase.topic();
        // The next phase must not start behind this one's backlog (an unthrottled phase leaves one).
        run.stopAndDrain(
                "so the next phase does not start behind this one's backlog",
                "the next phase starts behind it",
                "after phase " + t.phase.name());
        TopicDisk disk = run.topics.sizeOnDisk(spec.name());
        run.out.printf(
                Locale.ROOT,
                "  topic %s: %d records, %d bytes on disk (one replica per partition), %s B/record%s%n",
                spec.name(),
                disk.records(),
                disk.bytes(),
                disk.bytesPerRecord() == null ? "n/a" : String.format(Locale.ROOT, "%.1f", disk.bytesPerRecord()),
                spec.keep() ? "; kept" : "; deleted");
        if (!spec.keep()) {
            delete(spec.name());
        }
        return disk;
    }

    /** Deletes a topic this run created. */
    public void delete(String topic) throws InterruptedException {
        run.topics.delete(topic);
        created.remove(topic);
    }

    /** Topics a run cut short created: not left behind unless the scenario keeps them. */
    void deleteLeft() {
        for (String topic : List.copyOf(created)) {
            try {
                delete(topic);
                run.out.println("topic " + topic + " deleted");
            } catch (TopicException | InterruptedException e) {
                run.addWarning("could not delete topic " + topic + " this run created: " + e.getMessage());
            }
        }
    }
}
