package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The body of POST /actuator/consumer: the consumer settings to change, each as {@link
 * ConsumerSettings} names it (null: as it is), whether the consumer reads ({@code consuming}: false
 * pauses it, records wait on the brokers) and the whole set of other Kafka consumer properties
 * ({@code consumerConfig}; empty: none; null: as they are). Its JSON is a flat object, unset fields
 * left out; read strictly ({@link #read}): an unknown field or a quoted number is refused, naming the
 * field.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ConsumerChange(
        Integer maxPollRecords,
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

    /** The fields a change may name. */
    public static final Set<String> CHANGE_FIELDS = Arrays.stream(ConsumerChange.class.getRecordComponents())
            .map(RecordComponent::getName)
            .collect(Collectors.toUnmodifiableSet());
    /** The fields of {@link ConsumerSettings}, as a scenario's {@code consumer} block and the stored file name them. */
    public static final Set<String> SETTINGS_FIELDS =
            CHANGE_FIELDS.stream().filter(f -> !f.equals("consuming")).collect(Collectors.toUnmodifiableSet());

    public ConsumerChange {
        if (consumerConfig != null) {
            consumerConfig = ExtraProperties.checked("consumerConfig", consumerConfig, ExtraProperties.CONSUMER_OWNED);
        }
    }

    /** A change of nothing, to build on. */
    public static ConsumerChange none() {
        return only(null);
    }

    /** Only whether the consumer reads. */
    public static ConsumerChange consuming(boolean consuming) {
        return only(consuming);
    }

    private static ConsumerChange only(Boolean consuming) {
        return new ConsumerChange(null, null, null, null, null, null, null, null, null, null, consuming, null);
    }

    /** Every setting as given (what a phase asks for); reading left as it is. */
    public static ConsumerChange to(ConsumerSettings s) {
        return to(s, null);
    }

    /** Every setting as given, and whether the consumer reads (null: as it is). */
    public static ConsumerChange to(ConsumerSettings s, Boolean consuming) {
        return new ConsumerChange(
                s.maxPollRecords(),
                s.listener(),
                s.commit(),
                s.commitCount(),
                s.commitIntervalMs(),
                s.commitSync(),
                s.processing(),
                s.workers(),
                s.workMicros(),
                s.work(),
                consuming,
                s.consumerConfig());
    }

    /** Read from JSON by the endpoint's own strict reader, refused whole with the first field at fault. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static ConsumerChange fromJson(Map<String, Object> fields) {
        return read(fields, CHANGE_FIELDS);
    }

    /** A change read from {@code fields} accepting only the {@code known} names, refused whole with the first field at fault. */
    public static ConsumerChange read(Map<String, ?> fields, Set<String> known) {
        return FieldReads.strictly(problems -> read(fields, known, problems));
    }

    private static ConsumerChange read(Map<String, ?> f, Set<String> known, List<BadSettingsException> problems) {
        FieldReads.unknown(f, known, problems);
        return new ConsumerChange(
                FieldReads.integer(f, "maxPollRecords", ConsumerLimits.MAX_POLL_RECORDS, problems),
                FieldReads.labelled(f, "listener", ListenerType.class, problems),
                FieldReads.labelled(f, "commit", CommitMode.class, problems),
                FieldReads.integer(f, "commitCount", ConsumerLimits.COMMIT_COUNT, problems),
                FieldReads.integer(f, "commitIntervalMs", ConsumerLimits.COMMIT_INTERVAL_MS, problems),
                FieldReads.bool(f, "commitSync", problems),
                FieldReads.labelled(f, "processing", ProcessingOrder.class, problems),
                FieldReads.integer(f, "workers", ConsumerLimits.WORKERS, problems),
                FieldReads.integer(f, "workMicros", ConsumerLimits.WORK_MICROS, problems),
                FieldReads.labelled(f, "work", WorkKind.class, problems),
                FieldReads.bool(f, "consuming", problems),
                FieldReads.properties(f, "consumerConfig", ExtraProperties.CONSUMER_OWNED, problems));
    }

    /**
     * The same change with the listener, the commit mode and the whole set of other properties given
     * (null: as they are, or as the change has them).
     */
    public ConsumerChange with(ListenerType newListener, CommitMode newCommit, Map<String, String> properties) {
        return new ConsumerChange(
                maxPollRecords,
                newListener != null ? newListener : listener,
                newCommit != null ? newCommit : commit,
                commitCount,
                commitIntervalMs,
                commitSync,
                processing,
                workers,
                workMicros,
                work,
                consuming,
                properties != null ? properties : consumerConfig);
    }
}
