package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The body of POST /actuator/producer: the settings to change ({@link ProducerChange}: each it does
 * not name stays as it is), whether load runs, the phase the records from now on belong to, and the
 * topic they go to. Read strictly ({@link #read}); written by the runner as a flat JSON object,
 * settings first, unset fields left out.
 *
 * <p>{@code phase} is the runner's id for the phase, carried in every record's header ({@link
 * SettingsLimits#PHASE}; 0: no named phase). A change of a setting, of the topic or of the header
 * that names no phase is a change by hand: the producer gives it a phase of its own, an id above
 * the runner's and a name made from the change ({@link
 * dev.latencylab.api.accounting.PhaseIds}), so records sent otherwise are never counted in the
 * runner's phase and a switch by hand is timed apart from the settings before it; records without
 * the header take phase 0. {@code phaseName} is the runner's name for that phase, shown by the
 * producer's {@code lab_phase_info} series; it goes only with a phase id above 0. {@code producerConfig} is the
 * whole set of other Kafka producer properties, replacing the one in effect (empty: none; null:
 * as it is). {@code header} false sends records as Kafka's ProducerPerformance does, without the
 * lab's header (compare's "tool's work"): the consumer can neither time nor count them. {@code
 * stopAfterRecords} stops the load by itself once that many records were sent from the change on, in
 * its phase and to its topic (a later change of either, or a stop, drops it): a backlog of exactly
 * that size, which a stop the runner sends on seeing the count would overshoot by what is sent
 * meanwhile.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SettingsChange(
        @JsonUnwrapped ProducerChange settings,
        Boolean running,
        Integer phase,
        String phaseName,
        String topic,
        Boolean header,
        Integer stopAfterRecords) {

    /**
     * The fields of a change: the settings', {@code running}, {@code phase}, {@code phaseName}, {@code
     * topic}, {@code header} and {@code stopAfterRecords}.
     */
    public static final Set<String> CHANGE_FIELDS = fields();

    private static final SettingsChange NONE =
            new SettingsChange(ProducerChange.NONE, null, null, null, null, null, null);

    public SettingsChange {
        settings = settings == null ? ProducerChange.NONE : settings;
    }

    private static Set<String> fields() {
        Set<String> fields = new TreeSet<>(ProducerChange.SETTINGS_FIELDS);
        fields.addAll(Set.of("running", "phase", "phaseName", "topic", "header", "stopAfterRecords"));
        return Set.copyOf(fields);
    }

    /** A change of nothing, to build on. */
    public static SettingsChange none() {
        return NONE;
    }

    /** A change of the settings, and nothing else. */
    public static SettingsChange of(ProducerChange settings) {
        return new SettingsChange(settings, null, null, null, null, null, null);
    }

    /** Every setting as given, load running, records in the given phase: what a phase asks for. */
    public static SettingsChange start(ProducerSettings s, int phase) {
        return start(s, phase, null);
    }

    /**
     * Every setting as given, load running, records in the given phase, sent to {@code topic} (null: as
     * now), with the lab's header ({@link #withHeader} to leave it out).
     */
    public static SettingsChange start(ProducerSettings s, int phase, String topic) {
        return new SettingsChange(ProducerChange.to(s), true, phase, null, topic, true, null);
    }

    public static SettingsChange stop() {
        return NONE.running(false);
    }

    /** Stops the load; the next records go to {@code topic}, with the lab's header, in no phase (not one by hand). */
    public static SettingsChange stopOn(String topic) {
        return stop().toTopic(topic).withHeader(true).inPhase(0);
    }

    /** Only the phase the records from now on belong to. */
    public static SettingsChange phase(int phase) {
        return NONE.inPhase(phase);
    }

    /** Only the phase the records from now on belong to, with the name dashboards show for it. */
    public static SettingsChange phase(int phase, String name) {
        return phase(phase).named(name);
    }

    /** Only the rate, in the given phase (the runner's rate search names a phase per step). */
    public static SettingsChange rate(double rate, int phase) {
        return of(ProducerChange.NONE.withRate(rate)).inPhase(phase);
    }

    /** Only linger.ms; unchecked here: the producer's endpoint refuses a value out of range, naming it. */
    public static SettingsChange linger(int lingerMs) {
        return of(new ProducerChange(
                lingerMs, null, null, null, null, null, null, null, null, null, null, null, null, null));
    }

    /** A change read from the endpoint's body; refused whole, with the first field at fault. */
    public static SettingsChange read(Map<String, ?> fields) {
        return FieldReads.strictly(problems -> new SettingsChange(
                ProducerChange.read(fields, CHANGE_FIELDS, problems),
                FieldReads.bool(fields, "running", problems),
                FieldReads.integer(fields, "phase", SettingsLimits.PHASE, problems),
                FieldReads.text(
                        fields,
                        "phaseName",
                        SettingsLimits::phaseNameAccepted,
                        SettingsLimits.PHASE_NAME_RULE,
                        problems),
                FieldReads.text(
                        fields,
                        "topic",
                        SettingsLimits::topicAccepted,
                        SettingsLimits.describeTopic("topic"),
                        problems),
                FieldReads.bool(fields, "header", problems),
                FieldReads.integer(fields, "stopAfterRecords", SettingsLimits.STOP_AFTER_RECORDS, problems)));
    }

    /** Read from JSON by the endpoint's own strict reader. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static SettingsChange fromJson(Map<String, Object> fields) {
        return read(fields);
    }

    /** The same change with these settings to change instead. */
    public SettingsChange with(ProducerChange newSettings) {
        return new SettingsChange(newSettings, running, phase, phaseName, topic, header, stopAfterRecords);
    }

    public SettingsChange running(Boolean on) {
        return new SettingsChange(settings, on, phase, phaseName, topic, header, stopAfterRecords);
    }

    public SettingsChange inPhase(Integer id) {
        return new SettingsChange(settings, running, id, phaseName, topic, header, stopAfterRecords);
    }

    /** The same change with the name of the phase it enters (shown in lab_phase_info; no effect on the records). */
    public SettingsChange named(String name) {
        return new SettingsChange(settings, running, phase, name, topic, header, stopAfterRecords);
    }

    public SettingsChange toTopic(String newTopic) {
        return new SettingsChange(settings, running, phase, phaseName, newTopic, header, stopAfterRecords);
    }

    /** The same change with the lab's header on every record, or on none (Kafka's tools send none). */
    public SettingsChange withHeader(Boolean on) {
        return new SettingsChange(settings, running, phase, phaseName, topic, on, stopAfterRecords);
    }

    /**
     * The same change, the load to stop by itself once {@code records} more were sent from it on: a
     * backlog of exactly that many, however late the runner's stop would come.
     */
    public SettingsChange stoppingAfter(Integer records) {
        return new SettingsChange(settings, running, phase, phaseName, topic, header, records);
    }

    /** The same change with record keys set as named. */
    public SettingsChange withKeyStrategy(KeyStrategy strategy) {
        return with(settings.withKeyStrategy(strategy));
    }

    /** Whether this change sets any producer setting, the topic or the header (not just {@code running} or {@code phase}). */
    public boolean setsAnySetting() {
        return settings.setsAny() || topic != null || header != null;
    }
}
