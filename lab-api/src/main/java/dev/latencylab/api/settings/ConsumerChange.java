package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * The body of POST /actuator/consumer: the consumer settings to change, each null to leave it as
 * it is, and whether the consumer reads ({@code consuming}: false pauses it, records wait on the
 * brokers). Read by {@link ConsumerSettingsReader}; written by the runner, null fields left out.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ConsumerChange(
        Integer fetchMinBytes,
        Integer fetchMaxWaitMs,
        Integer maxPollRecords,
        Integer maxPartitionFetchBytes,
        ListenerType listener,
        CommitMode commit,
        Integer commitCount,
        Integer commitIntervalMs,
        Boolean commitSync,
        ProcessingOrder processing,
        Integer workers,
        Integer workMicros,
        WorkKind work,
        Boolean consuming,
        Map<String, String> consumerConfig) {

    /** Every setting as given (what a phase asks for); reading left as it is. */
    public static ConsumerChange to(ConsumerSettings s) {
        return new ConsumerChange(
                s.fetchMinBytes(),
                s.fetchMaxWaitMs(),
                s.maxPollRecords(),
                s.maxPartitionFetchBytes(),
                s.listener(),
                s.commit(),
                s.commitCount(),
                s.commitIntervalMs(),
                s.commitSync(),
                s.processing(),
                s.workers(),
                s.workMicros(),
                s.work(),
                null,
                s.consumerConfig());
    }

    /** Only whether the consumer reads. */
    public static ConsumerChange consuming(boolean consuming) {
        return new ConsumerChange(
                null, null, null, null, null, null, null, null, null, null, null, null, null, consuming, null);
    }

    /** Whether this change sets any consumer setting (not just {@code consuming}). */
    public boolean setsAnySetting() {
        return fetchMinBytes != null
                || fetchMaxWaitMs != null
                || maxPollRecords != null
                || maxPartitionFetchBytes != null
                || listener != null
                || commit != null
                || commitCount != null
                || commitIntervalMs != null
                || commitSync != null
                || processing != null
                || workers != null
                || workMicros != null
                || work != null
                || consumerConfig != null;
    }
}
