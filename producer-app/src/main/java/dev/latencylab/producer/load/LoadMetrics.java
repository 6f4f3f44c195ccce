package dev.latencylab.producer.load;

import dev.latencylab.api.settings.Compression;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/** The producer-app's own Prometheus series (names in docs/contracts.md). */
final class LoadMetrics {

    /**
     * Micrometer holds a function counter's state object weakly: these fields keep the suppliers
     * alive as long as the metrics are (a collected supplier freezes its counter).
     */
    private final LongSupplier sent;

    /** One row, the current phase's: dashboards join the consumer's per-phase series on it by {@code phase}. */
    private final MultiGauge phaseInfo;

    private final LongSupplier acked;
    private final LongSupplier failed;

    /** Unthrottled, the rate is the settings' -1, which a sum over instances would plot as a rate below 0. */
    static double targetRate(LoadState state) {
        if (!state.running()) {
            return 0;
        }
        return state.settings().unthrottled() ? Double.NaN : state.settings().rate();
    }

    /**
     * The record counters read the sender's own counts when scraped, so a record costs no
     * Micrometer call (its two histograms are {@link SenderHistograms}, read at scrape time too).
     */
    LoadMetrics(
            MeterRegistry registry,
            Supplier<LoadState> state,
            Supplier<Long> generation,
            LongSupplier sent,
            LongSupplier acked,
            LongSupplier failed) {
        this.sent = sent;
        this.acked = acked;
        this.failed = failed;
        counter(registry, "lab.producer.records.sent", "Records handed to the Kafka producer", sent);
        counter(registry, "lab.producer.records.acked", "Records acknowledged by the brokers", acked);
        counter(registry, "lab.producer.records.failed", "Records whose send failed", failed);
        Gauge.builder("lab.producer.target.rate", () -> targetRate(state.get()))
                .description("Records/s the schedule aims at, 0 when stopped, NaN unthrottled (no schedule)")
                .register(registry);
        Gauge.builder("lab.producer.linger.ms", () -> state.get().settings().lingerMs())
                .register(registry);
        Gauge.builder(
                        "lab.producer.batch.size.bytes",
                        () -> state.get().settings().batchSize())
                .register(registry);
        Gauge.builder("lab.producer.payload.bytes", () -> state.get().settings().payloadBytes())
                .register(registry);
        Gauge.builder("lab.producer.settings.generation", generation::get)
                .description("Increases on every applied settings change")
                .register(registry);
        phaseInfo = MultiGauge.builder("lab.phase.info")
                .description(
                        "1 for the phase the records now carry, labelled with its name and the producer's settings")
                .register(registry);
        for (Compression codec : Compression.values()) {
            Gauge.builder(
                            "lab.producer.compression.info",
                            () -> state.get().settings().compression() == codec ? 1 : 0)
                    .description("1 for the compression.type in effect")
                    .tag("compression", codec.kafkaName())
                    .register(registry);
        }
    }

    /** The sender thread calls it with each state it applies: the row then names that phase only. */
    void showPhase(LoadState s) {
        phaseInfo.register(List.of(MultiGauge.Row.of(phaseTags(s), 1)), true);
    }

    /** The phase, its name and topic, and one label per producer setting ("none" where it has no value). */
    static Tags phaseTags(LoadState s) {
        Tags tags = Tags.of("phase", Integer.toString(s.phase()), "name", phaseName(s), "topic", s.topic());
        for (Map.Entry<String, Object> setting : s.settings().shown().entrySet()) {
            Object value = setting.getValue();
            tags = tags.and(labelName(setting.getKey()), value == null ? "none" : value.toString());
        }
        return tags;
    }

    /** A setting's label: {@code lingerMs} is {@code linger_ms}. */
    static String labelName(String setting) {
        return setting.replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
    }

    /** Phase 0 (warm-ups, records without the header) has one fixed name, so each phase id has one name. */
    private static String phaseName(LoadState s) {
        if (s.phase() == 0) {
            return "unnamed";
        }
        return s.phaseName() != null ? s.phaseName() : "phase-" + s.phase();
    }

    private static void counter(MeterRegistry registry, String name, String description, LongSupplier count) {
        FunctionCounter.builder(name, count, c -> c.getAsLong())
                .description(description)
                .register(registry);
    }
}
