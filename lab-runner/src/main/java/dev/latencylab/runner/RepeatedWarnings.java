package dev.latencylab.runner;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;
import java.util.HashMap;
import java.util.Map;

/**
 * The console's filter (logging.xml): a library's warning, by logger and message pattern, is shown at
 * most {@link #SHOWN} times a minute. With a broker down (a fault step) the Kafka clients warn that they
 * cannot reach it at every reconnect, once a second; the runner's own lines say what that cost. Errors
 * always pass (an authentication failure is one), and a warning that stops and comes back a minute later
 * is shown again. On the appender, so it sees only what its level let through.
 */
public final class RepeatedWarnings extends Filter<ILoggingEvent> {

    static final int SHOWN = 3;
    static final long WINDOW_MS = 60_000;
    /** Distinct patterns kept at once: past it the counts start again, never a pattern lost for good. */
    private static final int PATTERNS = 1_000;

    /** Pattern to {start of its window, warnings in it}. */
    private final Map<String, long[]> seen = new HashMap<>();

    @Override
    public synchronized FilterReply decide(ILoggingEvent event) {
        if (event.getLevel().isGreaterOrEqual(Level.ERROR)) {
            return FilterReply.NEUTRAL;
        }
        if (seen.size() >= PATTERNS) {
            seen.clear();
        }
        long now = event.getTimeStamp();
        long[] window = seen.computeIfAbsent(event.getLoggerName() + '\n' + event.getMessage(), k -> new long[2]);
        if (window[1] == 0 || now - window[0] >= WINDOW_MS) {
            window[0] = now;
            window[1] = 0;
        }
        return ++window[1] > SHOWN ? FilterReply.DENY : FilterReply.NEUTRAL;
    }
}
