package dev.latencylab.runner.grafana;

import dev.latencylab.runner.endpoint.PromSeries;
import java.util.List;

/**
 * What Prometheus answered for one target over the window.
 *
 * @param executedExpr the query after variable substitution, as sent
 * @param error        Prometheus' refusal, or null
 */
record TargetResult(
        Panel panel,
        Target target,
        String executedExpr,
        QueryTiming timing,
        List<PromSeries> rangeSeries,
        List<PromSeries> instantSeries,
        String error) {

    public TargetResult {
        rangeSeries = List.copyOf(rangeSeries);
        instantSeries = List.copyOf(instantSeries);
    }

    /** The panel shows something for this target: it ran and at least one series has a number. */
    public boolean hasData() {
        return error == null
                && (rangeSeries.stream().anyMatch(PromSeries::hasData)
                        || instantSeries.stream().anyMatch(PromSeries::hasData));
    }

    public int seriesCount() {
        return rangeSeries.size() + instantSeries.size();
    }
}
