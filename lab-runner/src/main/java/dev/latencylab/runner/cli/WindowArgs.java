package dev.latencylab.runner.cli;

import dev.latencylab.runner.grafana.TimeWindow;
import java.time.Duration;
import java.time.Instant;
import picocli.CommandLine.Option;

/** {@code --from ISO --to ISO} or {@code --last D}: the window dashboards are queried over (a picocli mixin). */
final class WindowArgs {

    @Option(names = "--from", paramLabel = "ISO", description = "start of the window, e.g. 2026-11-21T23:50:00Z")
    Instant from;

    @Option(names = "--to", paramLabel = "ISO", description = "end of the window (default: now)")
    Instant to;

    @Option(names = "--last", paramLabel = "D", description = "the window ending now (or at --to), e.g. 15m")
    Duration last;

    boolean given() {
        return from != null || to != null || last != null;
    }

    /**
     * {@code --from} alone runs to now; {@code --last} alone ends now, with {@code --to} it ends
     * there; nothing at all is the last {@code fallback}.
     */
    TimeWindow window(Instant now, Duration fallback) {
        if (last != null && from != null) {
            throw new UsageException("give --from/--to or --last, not both");
        }
        if (last != null && last.isZero()) {
            throw new UsageException("--last must be longer than 0s");
        }
        Instant end = to != null ? to : now;
        Instant start = from != null ? from : end.minus(last != null ? last : fallback);
        try {
            return new TimeWindow(start, end);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--from/--to: " + e.getMessage());
        }
    }
}
