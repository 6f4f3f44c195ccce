package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.Map;
import java.util.Objects;

/**
 * The body of POST /actuator/producer: the settings to change (each {@link ProducerSetting} it does
 * not name stays as it is), whether load runs, the phase the records from now on belong to, and the
 * topic they go to. Read by {@link SettingsReader}; written by the runner as a flat JSON object,
 * settings first in the table's order, unset fields left out.
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
 * lab's header (compare's "tool's work"): the consumer can neither time nor count them.
 */
public final class SettingsChange extends SettingsDelta {

    private static final SettingsChange NONE =
            new SettingsChange(new Object[ProducerSetting.ALL.size()], null, null, null, null, null, null);

    private final Boolean running;
    private final Integer phase;
    private final String phaseName;
    private final String topic;
    private final Boolean header;

    private SettingsChange(
            Object[] settings,
            Map<String, String> producerConfig,
            Boolean running,
            Integer phase,
            String phaseName,
            String topic,
            Boolean header) {
        super(ProducerSetting.ALL, settings, producerConfig);
        this.running = running;
        this.phase = phase;
        this.phaseName = phaseName;
        this.topic = topic;
        this.header = header;
    }

    /** A change of nothing, to build on. */
    public static SettingsChange none() {
        return NONE;
    }

    /** A change of the settings given by row index (null: as it is), and nothing else. */
    static SettingsChange ofSettings(Object[] settings) {
        return new SettingsChange(settings, null, null, null, null, null, null);
    }

    /** A change of one setting. */
    public static <T> SettingsChange of(Setting<T> setting, T value) {
        return NONE.and(setting, value);
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
        return new SettingsChange(s.values(), s.producerConfig(), true, phase, null, topic, true);
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
        return of(ProducerSetting.RATE, rate).inPhase(phase);
    }

    public static SettingsChange linger(int lingerMs) {
        return of(ProducerSetting.LINGER_MS, lingerMs);
    }

    /** Read from JSON by the endpoint's own strict reader. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static SettingsChange fromJson(Map<String, Object> fields) {
        return SettingsReader.change(fields);
    }

    /** The same change, setting {@code setting} too. */
    public <T> SettingsChange and(Setting<T> setting, T value) {
        return new SettingsChange(
                settingsWith(setting, value), producerConfig(), running, phase, phaseName, topic, header);
    }

    public SettingsChange running(Boolean on) {
        return new SettingsChange(settings(), producerConfig(), on, phase, phaseName, topic, header);
    }

    public SettingsChange inPhase(Integer id) {
        return new SettingsChange(settings(), producerConfig(), running, id, phaseName, topic, header);
    }

    /** The same change with the name of the phase it enters (shown in lab_phase_info; no effect on the records). */
    public SettingsChange named(String name) {
        return new SettingsChange(settings(), producerConfig(), running, phase, name, topic, header);
    }

    public SettingsChange toTopic(String newTopic) {
        return new SettingsChange(settings(), producerConfig(), running, phase, phaseName, newTopic, header);
    }

    /** The same change with the lab's header on every record, or on none (Kafka's tools send none). */
    public SettingsChange withHeader(Boolean on) {
        return new SettingsChange(settings(), producerConfig(), running, phase, phaseName, topic, on);
    }

    /** The same change with other Kafka properties, the whole set (empty: none; null: as they are). */
    public SettingsChange withProducerConfig(Map<String, String> properties) {
        return new SettingsChange(settings(), properties, running, phase, phaseName, topic, header);
    }

    /** The same change with record keys set as named. */
    public SettingsChange withKeyStrategy(KeyStrategy strategy) {
        return and(ProducerSetting.KEY_STRATEGY, strategy);
    }

    public Map<String, String> producerConfig() {
        return properties();
    }

    public Boolean running() {
        return running;
    }

    public Integer phase() {
        return phase;
    }

    public String phaseName() {
        return phaseName;
    }

    public String topic() {
        return topic;
    }

    public Boolean header() {
        return header;
    }

    /** Whether it starts a named phase with every setting given, as {@link #start} does (not a phase's mere tag). */
    public boolean startsPhase() {
        return phase != null && phase != 0 && running != null && running && setsAnySetting();
    }

    /** Whether this change sets any producer setting, the topic or the header (not just {@code running} or {@code phase}). */
    public boolean setsAnySetting() {
        return setsAnyOfTheTable() || topic != null || header != null;
    }

    /** The settings it sets in the table's order, then running, phase, phaseName, topic, header and producerConfig. */
    @JsonAnyGetter
    public Map<String, Object> json() {
        Map<String, Object> json = settingsJson();
        putSet(json, "running", running);
        putSet(json, "phase", phase);
        putSet(json, "phaseName", phaseName);
        putSet(json, "topic", topic);
        putSet(json, "header", header);
        putSet(json, "producerConfig", producerConfig());
        return json;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SettingsChange c
                && sameSettings(c)
                && Objects.equals(running, c.running)
                && Objects.equals(phase, c.phase)
                && Objects.equals(phaseName, c.phaseName)
                && Objects.equals(topic, c.topic)
                && Objects.equals(header, c.header);
    }

    @Override
    public int hashCode() {
        return Objects.hash(settingsHash(), running, phase, phaseName, topic, header);
    }

    @Override
    public String toString() {
        return "SettingsChange" + json();
    }
}
