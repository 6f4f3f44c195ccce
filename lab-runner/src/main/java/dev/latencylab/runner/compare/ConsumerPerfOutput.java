package dev.latencylab.runner.compare;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code org.apache.kafka.tools.ConsumerPerformance} (Kafka 4.3) prints with
 * {@code --show-detailed-stats}: a line per reporting interval, {@code time, threadId,
 * data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec, rebalance.time.ms, fetch.time.ms,
 * fetch.MB.sec, fetch.nMsg.sec}, where {@code data.consumed.in.nMsg} counts every record so far.
 *
 * <p>The comparison gives the tool two backlogs and takes its rate over the second ({@code
 * warmFrom} records on): its JVM starts in each round, and while it reads the first its JIT is
 * still compiling (its rate climbs from about 100,000 to over 300,000 records/s within half a
 * second here), while the consumer-app it is compared with has been running all along. The rate
 * runs from the first line at or past {@code warmFrom} records to the last line; the records
 * after that line (less than one interval) are not timed, so they are not counted either.
 *
 * @param rebalanceMs the time it spent joining its group (its first interval's rebalance.time.ms)
 * @param lastCount the records it had read at its last line
 * @param timedOut it printed that it stopped before its record count (nothing came for its --timeout)
 */
record ConsumerPerfOutput(
        long rebalanceMs, long lastCount, long warmFrom, long warmRecords, double warmSeconds, boolean timedOut) {

    private static final String NUMBER = "\\s*[0-9.]+\\s*";
    private static final Pattern INTERVAL = Pattern.compile("(?m)^(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d:\\d{3}),"
            + "\\s*\\d+\\s*," + NUMBER + "," + NUMBER + ",\\s*(\\d+)\\s*," + NUMBER + ",\\s*(\\d+)\\s*,.*$");
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss:SSS");
    private static final String TIMED_OUT = "WARNING: Exiting before consuming the expected number";

    private record IntervalLine(LocalDateTime at, long count, long rebalanceMs) {}

    /**
     * The tool's rate from {@code warmFrom} records on; empty when it printed no interval line or
     * none after that many records.
     */
    static Optional<ConsumerPerfOutput> parse(String output, long warmFrom) {
        List<IntervalLine> lines = new ArrayList<>();
        Matcher m = INTERVAL.matcher(output);
        while (m.find()) {
            lines.add(new IntervalLine(
                    LocalDateTime.parse(m.group(1), TIME), Long.parseLong(m.group(2)), Long.parseLong(m.group(3))));
        }
        if (lines.isEmpty()) {
            return Optional.empty();
        }
        IntervalLine last = lines.get(lines.size() - 1);
        Optional<IntervalLine> from =
                lines.stream().filter(l -> l.count() >= warmFrom).findFirst();
        if (from.isEmpty() || from.get() == last) {
            return Optional.empty();
        }
        IntervalLine a = from.get();
        return Optional.of(new ConsumerPerfOutput(
                lines.get(0).rebalanceMs(),
                last.count(),
                a.count(),
                last.count() - a.count(),
                Duration.between(a.at(), last.at()).toNanos() / 1e9,
                output.contains(TIMED_OUT)));
    }

    /** Records per second over the warm stretch. */
    @JsonProperty("recordsPerSec")
    public double recordsPerSec() {
        return warmSeconds > 0 ? warmRecords / warmSeconds : 0;
    }
}
