package dev.latencylab.consumer.latency;

import dev.latencylab.api.accounting.PhaseIds;
import dev.latencylab.core.latency.LatencyBuckets;
import dev.latencylab.core.latency.LatencyRecorder;
import dev.latencylab.core.latency.LifetimeCounts;
import dev.latencylab.core.latency.RecordResult;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.ToLongFunction;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Exports e2e latency as Prometheus histograms, one pair per phase, tagged with the runner's
 * phase id alone: the producer's {@code lab_phase_info} gives each id its name and settings, so
 * two phases that differ in any setting (acks, partitions, a consumer setting) are two series.
 * Series are released with the recorder's phases, so a session of many runs holds a few. Also the
 * recorder's loss, duplicate and skip counts.
 */
@Component
class LatencyMetrics {

    private static final Duration[] BUCKETS = LatencyBuckets.boundaries();

    /**
     * How long a released phase's series stay exported: two of the lab's Prometheus scrape intervals
     * (5 s), so the scrape after its last records still finds them and the dashboards keep the phase's
     * final seconds.
     */
    static final Duration KEPT_AFTER_RELEASE = Duration.ofSeconds(10);

    private final MeterRegistry registry;
    private final LongSupplier nanoClock;
    private final Map<Integer, Timer[]> timers = new ConcurrentHashMap<>();
    /** Series of released phases, by when their release came (nanoTime), removed once kept long enough. */
    private final Map<Integer, Retired> retired = new HashMap<>();
    /** Phases by hand with series, oldest first: retired by age, as the recorder drops them ({@link PhaseIds}). */
    private final Deque<Integer> byHand = new ArrayDeque<>();
    /** Samples not exported because the series bound was reached: the bound is never silent. */
    private final AtomicLong unexported = new AtomicLong();

    @Autowired
    LatencyMetrics(MeterRegistry registry, LatencyRecorder recorder) {
        this(registry, recorder, System::nanoTime);
    }

    LatencyMetrics(MeterRegistry registry, LatencyRecorder recorder, LongSupplier nanoClock) {
        this.registry = registry;
        this.nanoClock = nanoClock;
        // Counters only go up: they read the recorder's lifetime counts, which no reset lowers and
        // no late arrival takes back (records lost for good = lost - late).
        counter(
                "lab.consumer.lost.records",
                "Records declared lost (missing past the grace period), ever",
                recorder,
                LifetimeCounts::lostDeclared,
                Tags.empty());
        counter(
                "lab.consumer.late.records",
                "Records that arrived after having been declared lost",
                recorder,
                LifetimeCounts::late,
                Tags.empty());
        counter(
                "lab.consumer.duplicate.records",
                "Records the producer wrote more than once (one sequence number, two offsets)",
                recorder,
                LifetimeCounts::duplicated,
                Tags.empty());
        counter(
                "lab.consumer.redelivered.records",
                "Records read again from an offset already processed (restart, rebalance)",
                recorder,
                LifetimeCounts::redelivered,
                Tags.empty());
        counter(
                "lab.consumer.out.of.order.records",
                "Records behind a higher sequence of the same partition",
                recorder,
                LifetimeCounts::outOfOrder,
                Tags.empty());
        FunctionCounter.builder("lab.consumer.unexported.samples", unexported, AtomicLong::get)
                .description("Latency samples not exported to Prometheus: more than " + LatencyRecorder.MAX_PHASES
                        + " phase series held at once (the report's figures still hold them)")
                .register(registry);
        counter(
                "lab.consumer.skipped.records",
                "Records without the lab header",
                recorder,
                LifetimeCounts::noHeader,
                Tags.of("reason", "no_header"));
        counter(
                "lab.consumer.skipped.records",
                "Records with an unreadable lab header",
                recorder,
                LifetimeCounts::badHeader,
                Tags.of("reason", "bad_header"));
        counter(
                "lab.consumer.skipped.records",
                "Records whose payload is not a JSON object: counted like every record, but no latency sample",
                recorder,
                LifetimeCounts::badPayload,
                Tags.of("reason", "bad_payload"));
    }

    void onRecord(RecordResult result) {
        if (result.status() != RecordResult.Status.MEASURED || !result.outcome().isFirstArrival()) {
            return;
        }
        Timer[] pair = timers.get(result.phase());
        if (pair == null) {
            if (timers.size() >= LatencyRecorder.MAX_PHASES) {
                // Bounded like the recorder's phases: crafted headers cannot grow the series.
                unexported.incrementAndGet();
                return;
            }
            pair = PhaseIds.byHand(result.phase())
                    ? openByHand(result.phase())
                    : timers.computeIfAbsent(result.phase(), this::register);
        }
        pair[0].record(Math.max(0, result.latencyMicros()), TimeUnit.MICROSECONDS);
        pair[1].record(Math.max(0, result.correctedMicros()), TimeUnit.MICROSECONDS);
    }

    /**
     * The runner has stored the phases up to this id: their series go, with the warm-ups' (phase
     * 0), as the recorder drops them, once {@link #KEPT_AFTER_RELEASE} has passed (a later release
     * removes them). Prometheus keeps what it scraped; a record that still arrives for a released
     * phase opens its series again, and they are then kept.
     */
    synchronized void release(int throughPhase) {
        long now = nanoClock.getAsLong();
        removeRetired(now);
        timers.entrySet().removeIf(e -> {
            if (e.getKey() > throughPhase) {
                return false;
            }
            retired.put(e.getKey(), new Retired(e.getValue(), now));
            return true;
        });
    }

    /**
     * The series of a phase by hand, retiring the oldest such phase's beyond {@link
     * PhaseIds#KEPT_BY_HAND}: the runner releases none of them, so they go by age.
     */
    private synchronized Timer[] openByHand(int phase) {
        Timer[] open = timers.get(phase);
        if (open != null) {
            return open;
        }
        long now = nanoClock.getAsLong();
        removeRetired(now);
        byHand.removeIf(id -> !timers.containsKey(id));
        if (byHand.size() >= PhaseIds.KEPT_BY_HAND) {
            int oldest = byHand.removeFirst();
            retired.put(oldest, new Retired(timers.remove(oldest), now));
        }
        byHand.addLast(phase);
        return timers.computeIfAbsent(phase, this::register);
    }

    /** Removes the series retired at least {@link #KEPT_AFTER_RELEASE} ago and not opened again since. */
    private void removeRetired(long now) {
        retired.entrySet().removeIf(e -> {
            if (now - e.getValue().atNanos() < KEPT_AFTER_RELEASE.toNanos()) {
                return false;
            }
            if (!timers.containsKey(e.getKey())) { // not opened again by a late record
                for (Timer timer : e.getValue().series()) {
                    registry.remove(timer);
                }
            }
            return true;
        });
    }

    /** Whether a phase's series are exported now (for tests). */
    boolean exports(int phase) {
        return registry.find("lab.e2e.latency")
                        .tag("phase", Integer.toString(phase))
                        .timer()
                != null;
    }

    private record Retired(Timer[] series, long atNanos) {}

    private Timer[] register(int phase) {
        Tags tags = Tags.of("phase", Integer.toString(phase));
        return new Timer[] {
            histogram("lab.e2e.latency", "Consume time minus actual send time", tags),
            histogram(
                    "lab.e2e.corrected.latency",
                    "Consume time minus intended send time (coordinated-omission corrected)",
                    tags)
        };
    }

    private Timer histogram(String name, String description, Tags tags) {
        return Timer.builder(name)
                .description(description)
                .tags(tags)
                .serviceLevelObjectives(BUCKETS)
                .minimumExpectedValue(BUCKETS[0])
                .maximumExpectedValue(BUCKETS[BUCKETS.length - 1])
                .register(registry);
    }

    private void counter(
            String name,
            String description,
            LatencyRecorder recorder,
            ToLongFunction<LifetimeCounts> value,
            Tags tags) {
        FunctionCounter.builder(name, recorder, r -> value.applyAsLong(r.lifetime()))
                .description(description)
                .tags(tags)
                .register(registry);
    }
}
