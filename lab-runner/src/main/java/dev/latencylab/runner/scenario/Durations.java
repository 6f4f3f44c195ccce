package dev.latencylab.runner.scenario;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;

/** Reads and writes the short duration form used in scenarios and on the command line: 10s, 4m30s, 250ms, 1h. */
public final class Durations {

    private static final Pattern PART = Pattern.compile("(\\d+)(ms|h|m|s)");

    private Durations() {}

    /**
     * Parses "15s", "5m", "1m30s", "250ms", "2h", an ISO-8601 duration ("PT15S"), or "0" (zero
     * needs no unit: "--stack-warmup 0" reads as what it means).
     *
     * @throws IllegalArgumentException with a message that says what is accepted
     */
    public static Duration parse(String text) {
        String s = text == null ? "" : text.strip();
        if (s.equals("0")) {
            return Duration.ZERO;
        }
        if (s.toUpperCase().startsWith("PT") || s.toUpperCase().startsWith("P")) {
            Duration parsed;
            try {
                parsed = Duration.parse(s);
            } catch (DateTimeParseException e) {
                throw invalid(text);
            }
            return bounded(parsed, text);
        }
        Matcher m = PART.matcher(s);
        Duration total = Duration.ZERO;
        int at = 0;
        while (m.find()) {
            if (m.start() != at) {
                throw invalid(text);
            }
            try {
                long n = Long.parseLong(m.group(1));
                total = total.plus(
                        switch (m.group(2)) {
                            case "ms" -> Duration.ofMillis(n);
                            case "s" -> Duration.ofSeconds(n);
                            case "m" -> Duration.ofMinutes(n);
                            default -> Duration.ofHours(n);
                        });
            } catch (NumberFormatException | ArithmeticException tooLong) {
                throw tooLong(text);
            }
            at = m.end();
        }
        if (at == 0 || at != s.length()) {
            throw invalid(text);
        }
        return bounded(total, text);
    }

    /** The longest duration a scenario or a command line may give: a week. */
    public static final Duration MAX = Duration.ofDays(7);

    private static Duration bounded(Duration d, String text) {
        if (d.compareTo(MAX) > 0) {
            throw tooLong(text);
        }
        return d;
    }

    private static IllegalArgumentException tooLong(String text) {
        return new IllegalArgumentException(
                "'" + text + "' is longer than the " + format(MAX) + " a duration may be here");
    }

    /** The shortest readable form: 4m30s, 15s, 250ms, 0s. */
    public static String format(Duration d) {
        if (d.isZero()) {
            return "0s";
        }
        StringBuilder b = new StringBuilder();
        long hours = d.toHours();
        int minutes = d.toMinutesPart();
        int seconds = d.toSecondsPart();
        int millis = d.toMillisPart();
        if (hours > 0) {
            b.append(hours).append('h');
        }
        if (minutes > 0) {
            b.append(minutes).append('m');
        }
        if (seconds > 0) {
            b.append(seconds).append('s');
        }
        if (millis > 0) {
            b.append(millis).append("ms");
        }
        return b.toString();
    }

    /** Binds a scenario's durations ({@code warmup: 10s}) as {@link #parse} reads them, in place of ISO-8601 alone. */
    static final class Reader extends ValueDeserializer<Duration> {
        @Override
        public Duration deserialize(JsonParser p, DeserializationContext ctxt) {
            return parse(p.getString());
        }
    }

    private static IllegalArgumentException invalid(String text) {
        return new IllegalArgumentException(
                "'" + text + "' is not a duration; write e.g. 15s, 5m, 1m30s, 250ms or PT15S");
    }
}
