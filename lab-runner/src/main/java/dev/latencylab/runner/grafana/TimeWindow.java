package dev.latencylab.runner.grafana;

import java.time.Duration;
import java.time.Instant;

/** The time range every panel is queried over, as Grafana's time picker would hold it. */
public record TimeWindow(Instant from, Instant to) {

    public TimeWindow {
        if (from == null || to == null) {
            throw new IllegalArgumentException("a time window needs both ends");
        }
        if (!to.isAfter(from)) {
            throw new IllegalArgumentException("the window must end after it starts (" + from + " .. " + to + ")");
        }
    }

    public static TimeWindow last(Duration length, Instant now) {
        return new TimeWindow(now.minus(length), now);
    }

    public Duration length() {
        return Duration.between(from, to);
    }

    @Override
    public String toString() {
        return from + " .. " + to;
    }
}
