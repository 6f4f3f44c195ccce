package dev.latencylab.runner.results.collect;

import java.time.Instant;
import java.util.List;

/** The time series of a run (series.json): what the charts draw, kept so reports can be redrawn later. */
public record RunSeries(Instant start, Instant end, long stepSeconds, List<PhaseMark> phases, List<ChartData> charts) {

    public RunSeries {
        phases = List.copyOf(phases);
        charts = List.copyOf(charts);
    }
}
