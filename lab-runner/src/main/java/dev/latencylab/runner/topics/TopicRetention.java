package dev.latencylab.runner.topics;

import dev.latencylab.api.producer.PartitionAcks;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.runner.scenario.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What Kafka keeps of a topic, as its effective configs say (the topic's own, else the brokers'
 * defaults): a backlog is written with the consumer paused and read afterwards, so whatever
 * retention or compaction removes in between is never read, and the lab would count it lost.
 *
 * @param partitions the topic's partitions, over which a backlog spreads
 * @param retentionBytes retention.bytes, per partition; -1: none
 * @param retentionMs retention.ms; -1: none
 * @param compacted whether cleanup.policy compacts (records of a repeated key are removed)
 */
public record TopicRetention(String topic, int partitions, long retentionBytes, long retentionMs, boolean compacted) {

    /**
     * Bytes a record takes on disk beyond its value, uncompressed: the lab's header (45 B), a key (up
     * to ~20 B), the record's framing and its share of its batch's header. The compression-matrix
     * experiment measured 1,106.7 B per record of a 1,024 B value (83 B more); rounded up.
     */
    public static final int RECORD_OVERHEAD_BYTES = 100;

    /**
     * Why a backlog of {@code records} of {@code valueBytes} each would not be read whole from this
     * topic, or empty when it would: past retention.bytes per partition (uncompressed), older than
     * retention.ms before the drain may end, or on a compacted topic.
     *
     * @param what names the backlog in the message (e.g. "phase big's backlog")
     * @param building how long writing it takes, null when it is written as fast as the producer can
     * @param drainBound the longest the drain may take after it is written
     */
    public Optional<String> backlogRefusal(
            String what, long records, double valueBytes, Duration building, Duration drainBound) {
        if (compacted) {
            return Optional.of(what + " goes to topic " + topic + ", whose cleanup.policy compacts: Kafka would"
                    + " remove the records of a repeated key before the drain read them, and the lab would count"
                    + " them lost; give it a topic with cleanup.policy delete");
        }
        double perPartition = records * (valueBytes + RECORD_OVERHEAD_BYTES) / partitions;
        if (retentionBytes >= 0 && perPartition > retentionBytes) {
            return Optional.of(String.format(
                    Locale.ROOT,
                    "%s: %,d records of about %,.0f B each (value, the lab's header, key and framing;"
                            + " uncompressed), about %s per partition of topic %s's %d, past its retention.bytes"
                            + " of %s: Kafka would delete its oldest records before the drain read them, and the lab"
                            + " would count them lost; give fewer records, more partitions, or a topic with a larger"
                            + " retention.bytes",
                    what,
                    records,
                    valueBytes + RECORD_OVERHEAD_BYTES,
                    size(perPartition),
                    topic,
                    partitions,
                    size(retentionBytes)));
        }
        if (retentionMs >= 0 && building != null) {
            Duration oldest = building.plus(drainBound);
            if (oldest.toMillis() >= retentionMs) {
                return Optional.of(what + ": " + String.format(Locale.ROOT, "%,d", records) + " records take about "
                        + Durations.format(building) + " to write, and the drain may take "
                        + Durations.format(drainBound) + " more: past topic " + topic + "'s retention.ms of "
                        + Durations.format(Duration.ofMillis(retentionMs)) + ", after which Kafka deletes its"
                        + " oldest records, which the lab would count lost; give fewer records, a higher rate, or a"
                        + " topic with a longer retention.ms");
            }
        }
        return Optional.empty();
    }

    /**
     * The partitions whose log now starts past the first record the phase had acknowledged there,
     * said with both offsets, or empty when none does: Kafka deleted those records (retention, or
     * records deleted by hand), so a consumer that had not read them never will.
     */
    public static Optional<String> deletedUnread(PhaseSends sends, Map<Integer, Long> logStarts) {
        List<String> trimmed = new ArrayList<>();
        for (PartitionAcks p : sends.partitions()) {
            Long start = logStarts.get(p.partition());
            if (start != null && p.acked() > 0 && start > p.firstOffset()) {
                trimmed.add(String.format(
                        Locale.ROOT,
                        "%d (the log starts at %,d; the phase's first record was at %,d)",
                        p.partition(),
                        start,
                        p.firstOffset()));
            }
        }
        if (trimmed.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("Kafka no longer holds the phase's first records of " + sends.topic() + " in partition"
                + (trimmed.size() > 1 ? "s " : " ") + String.join(", ", trimmed)
                + ": they were deleted (retention.bytes or retention.ms, most likely) before the consumer read them,"
                + " so they are counted unread or lost");
    }

    private static String size(double bytes) {
        return bytes >= 1 << 30
                ? String.format(Locale.ROOT, "%.2f GiB", bytes / (1 << 30))
                : String.format(Locale.ROOT, "%.1f MiB", bytes / (1 << 20));
    }
}
