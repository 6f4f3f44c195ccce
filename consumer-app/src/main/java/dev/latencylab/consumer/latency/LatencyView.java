package dev.latencylab.consumer.latency;

import dev.latencylab.core.accounting.ProducerAccount;
import dev.latencylab.core.latency.LatencyReport;
import dev.latencylab.core.latency.Percentiles;
import dev.latencylab.core.latency.PhaseReport;
import dev.latencylab.core.latency.Totals;
import dev.latencylab.core.settings.ProducerSettings;
import java.time.Instant;
import java.util.List;

/** The JSON body of GET /actuator/latency (shape in docs/contracts.md). */
record LatencyView(List<Phase> phases, Totals totals, List<ProducerAccount> producers) {

    record Settings(int lingerMs, int batchSize, String compression) {
        static Settings of(ProducerSettings s) {
            return new Settings(s.lingerMs(), s.batchSize(), s.compression().kafkaName());
        }
    }

    record Phase(Settings settings, long count, Instant firstReceived, Instant lastReceived, Percentiles latencyMs,
                 Percentiles correctedLatencyMs, long lost, long duplicated, long outOfOrder, long clamped) {
        static Phase of(PhaseReport p) {
            return new Phase(Settings.of(p.settings()), p.count(), p.firstReceived(), p.lastReceived(), p.latencyMs(),
                    p.correctedLatencyMs(), p.lost(), p.duplicated(), p.outOfOrder(), p.clamped());
        }
    }

    static LatencyView of(LatencyReport report) {
        return new LatencyView(report.phases().stream().map(Phase::of).toList(), report.totals(), report.producers());
    }
}
