package dev.latencylab.runner.compare;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The summary line {@code org.apache.kafka.tools.ConsumerPerformance} (Kafka 4.3) prints when it has
 * read its records: {@code start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg,
 * nMsg.sec, rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec}. The comparison takes
 * {@code fetch.nMsg.sec}: records over the time from the group's assignment to the last record, the
 * time the tool spent joining its group left out, as the consumer-app, already in its group when it
 * is resumed, spends none.
 *
 * @param timedOut the tool printed that it stopped before its record count (nothing came for its --timeout)
 */
record ConsumerPerfOutput(
        double megabytes,
        long records,
        double recordsPerSec,
        long rebalanceMs,
        long fetchMs,
        double fetchRecordsPerSec,
        boolean timedOut) {

    private static final String NUMBER = "\\s*([0-9.]+|NaN|Infinity)\\s*";
    private static final Pattern SUMMARY = Pattern.compile("(?m)^[^,\\n]+,[^,\\n]+," + NUMBER + "," + NUMBER + ","
            + "\\s*(\\d+)\\s*," + NUMBER + ",\\s*(\\d+)\\s*,\\s*(-?\\d+)\\s*," + NUMBER + "," + NUMBER + "$");
    private static final String TIMED_OUT = "WARNING: Exiting before consuming the expected number";

    static Optional<ConsumerPerfOutput> parse(String output) {
        Matcher m = SUMMARY.matcher(output);
        ConsumerPerfOutput last = null;
        while (m.find()) {
            last = new ConsumerPerfOutput(
                    number(m.group(1)),
                    Long.parseLong(m.group(3)),
                    number(m.group(4)),
                    Long.parseLong(m.group(5)),
                    Long.parseLong(m.group(6)),
                    number(m.group(8)),
                    output.contains(TIMED_OUT));
        }
        return Optional.ofNullable(last);
    }

    private static double number(String s) {
        return s.equals("NaN") || s.equals("Infinity") ? Double.NaN : Double.parseDouble(s);
    }
}
