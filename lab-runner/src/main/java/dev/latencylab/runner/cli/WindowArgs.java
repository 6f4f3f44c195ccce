package dev.latencylab.runner.cli;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

import dev.latencylab.runner.grafana.TimeWindow;

/** {@code --from ISO --to ISO} or {@code --last D}: the window dashboards are queried over. */
final class WindowArgs {

    private WindowArgs() {
    }

    static boolean given(Args args) {
        return args.option("from") != null || args.option("to") != null || args.option("last") != null;
    }

    /**
     * {@code --from} alone runs to now; {@code --last} alone ends now, with {@code --to} it ends
     * there; nothing at all is the last {@code fallback}.
     */
    static TimeWindow parse(Args args, Instant now, Duration fallback) {
        if (args.option("last") != null && args.option("from") != null) {
            throw new UsageException("give --from/--to or --last, not both");
        }
        Instant to = args.option("to") != null ? instant("to", args.option("to")) : now;
        Duration last = args.duration("last");
        if (last != null && last.isZero()) {
            throw new UsageException("--last must be longer than 0s");
        }
        Instant from = args.option("from") != null ? instant("from", args.option("from")) : to.minus(last != null ? last : fallback);
        try {
            return new TimeWindow(from, to);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--from/--to: " + e.getMessage());
        }
    }

    /** 2026-11-21T23:50:00Z, with fractions or an offset (2026-11-22T00:50:00+01:00). */
    static Instant instant(String name, String value) {
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            try {
                return OffsetDateTime.parse(value).toInstant();
            } catch (DateTimeParseException e2) {
                throw new UsageException("--" + name + " must be an ISO-8601 instant like 2026-11-21T23:50:00Z, got '" + value + "'");
            }
        }
    }
}
