package dev.latencylab.runner.results.collect;

import java.util.List;

/** One chart's series over the run, as Prometheus returned them; {@code key} is the PNG's file name. */
public record ChartData(String key, String title, String unit, List<Line> lines) {

    public ChartData {
        lines = List.copyOf(lines);
    }

    public record Line(String label, List<TimePoint> points) {
        public Line {
            points = List.copyOf(points);
        }
    }
}
