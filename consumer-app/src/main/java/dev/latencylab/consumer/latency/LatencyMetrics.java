package dev.latencylab.consumer.latency;

import dev.latencylab.core.latency.LatencyRecorder;
import dev.latencylab.core.latency.LifetimeCounts;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.function.ToLongFunction;
import org.springframework.stereotype.Component;

/**
 * Exports the recorder's loss, duplicate, redelivery, order and skip counts (the e2e latency
 * histograms are {@link LatencyHistograms}', read at scrape time).
 */
@Component
class LatencyMetrics {

    private final MeterRegistry registry;

    LatencyMetrics(MeterRegistry registry, LatencyRecorder recorder) {
        this.registry = registry;
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
