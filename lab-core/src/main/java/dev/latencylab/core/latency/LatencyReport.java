package dev.latencylab.core.latency;

import dev.latencylab.core.accounting.ProducerAccount;
import java.util.List;

/** Everything the consumer knows, per phase and in total. */
public record LatencyReport(List<PhaseReport> phases, Totals totals, List<ProducerAccount> producers) {
}
