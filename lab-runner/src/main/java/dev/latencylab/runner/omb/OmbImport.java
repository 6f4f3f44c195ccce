package dev.latencylab.runner.omb;

import dev.latencylab.api.settings.SettingsLimits;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.ScenarioLoader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

/**
 * An OpenMessaging Benchmark workload as a lab scenario of one phase: what maps is mapped, each
 * field that does not map is named with what the lab does instead ({@link Imported#notMapped}),
 * and a workload the scenario would misrepresent is refused ({@link OmbRefusedException}).
 *
 * <p>OMB's topics and producers become one phase topic of all their partitions, driven by as many
 * producer-app instances: OMB's {@code producerRate} is the total over every producer and topic, as
 * a phase's {@code rate} is, so each partition gets the records it would get under OMB. The
 * producer's own settings (linger.ms, batch.size, acks) are in OMB's driver file, not the workload:
 * given one ({@link OmbDriver}), its properties are mapped too; without, the scenario starts from
 * Kafka's client defaults, said in a note, for the user to set.
 */
public final class OmbImport {

    /** Kafka 4's client defaults: OMB's workload leaves the producer's settings to its driver file. */
    static final int KAFKA_LINGER_MS = 5;

    static final int KAFKA_BATCH_SIZE = 16_384;
    /** OMB counts a backlog's gigabytes in 1024^3 bytes. */
    private static final long GB = 1024L * 1024 * 1024;
    /** OMB warms up for a minute when the workload says nothing. */
    private static final long OMB_WARMUP_MINUTES = 1;
    /** producer-app instances scripts/lab up --local --producers starts, at most: what the import's hint can ask. */
    private static final int LOCAL_PRODUCERS = 8;

    private static final YAMLMapper YAML = YAMLMapper.builder()
            .disable(YAMLWriteFeature.WRITE_DOC_START_MARKER)
            .enable(YAMLWriteFeature.MINIMIZE_QUOTES)
            .enable(YAMLWriteFeature.INDENT_ARRAYS_WITH_INDICATOR)
            .build();

    /**
     * A scenario for the lab.
     *
     * @param yaml the scenario file's text, the notes in its header as comments
     * @param notMapped one line per field that did not map as it is: the field, then what the lab does instead
     */
    public record Imported(String name, String yaml, List<String> notMapped) {}

    private OmbImport() {}

    /** Whether {@code text} is an OMB workload (run and validate then import it), not a lab scenario. */
    public static boolean isWorkload(String text) {
        return OmbWorkload.looksLikeOne(text);
    }

    /** {@code source} names the workload in messages and in the scenario's description. */
    public static Imported convert(String source, String text) {
        return convert(source, text, null, null);
    }

    /**
     * The workload run with an OMB Kafka driver file's properties ({@code driverSource} names it; both
     * null: none, Kafka's client defaults).
     */
    public static Imported convert(String source, String text, String driverSource, String driverText) {
        OmbWorkload w = OmbWorkload.parse(source, text);
        OmbDriver driver = driverText == null ? null : OmbDriver.parse(driverSource, driverText);
        List<String> refused = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (String unknown : w.unknownFields()) {
            notes.add(unknown + ": not a field of OMB's workload format; ignored");
        }

        long topics = w.number("topics", 1);
        long partitionsPerTopic = w.number("partitionsPerTopic", 1);
        long messageSize = w.number("messageSize", 0);
        long subscriptions = w.number("subscriptionsPerTopic", 1);
        long consumersPerSubscription = w.number("consumerPerSubscription", 1);
        long producersPerTopic = w.number("producersPerTopic", 1);
        long rate = w.number("producerRate", 0);
        long increment = w.number("producerIncrementRate", 0);
        long backlogGb = w.number("consumerBacklogSizeGB", 0);
        long duration = w.number("testDurationMinutes", 0);
        long warmup = w.number("warmupDurationMinutes", OMB_WARMUP_MINUTES);
        refused.addAll(w.problems());
        notes.addAll(w.notes());

        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("lingerMs", KAFKA_LINGER_MS);
        settings.put("batchSize", KAFKA_BATCH_SIZE);
        settings.put("compression", "none");
        // Named by the file they come from.
        List<String> driverRefused = new ArrayList<>();
        Map<String, Object> consumer = new LinkedHashMap<>();
        Map<String, Object> topic = new LinkedHashMap<>();
        // Under lab.orders: the topics the consumer-app subscribes to (lab.consumer.topics).
        topic.put("name", "lab.orders.omb.{phase}");
        if (driver == null) {
            notes.add("producer settings: OMB takes linger.ms, batch.size, acks and compression from its driver"
                    + " file, not the workload; Kafka's client defaults here (linger.ms " + KAFKA_LINGER_MS
                    + ", batch.size " + KAFKA_BATCH_SIZE + ", compression none, acks all): give the driver file"
                    + " (import-omb WORKLOAD --driver FILE) or set its values in the scenario");
        } else {
            driver.mapInto(settings, consumer, topic, notes, driverRefused);
        }

        if (rate > 0 && increment == 0) {
            if (rate > SettingsLimits.MAX_RATE) {
                refused.add("producerRate: " + rate + " records/s is past the " + (long) SettingsLimits.MAX_RATE
                        + " a lab phase sends");
            }
            settings.put("rate", rate);
        } else if (increment > 0) {
            refused.add("producerIncrementRate: " + increment + " raises the rate every "
                    + w.number("producerIncrementSeconds", 60) + " s during one test; one phase at one rate would"
                    + " report it as a steady load (write the steps as phases at fixed rates, as"
                    + " scenarios/load-ramp.yaml does)");
        } else {
            settings.put("rate", "max");
            notes.add("producerRate: 0 (OMB's search for the highest sustainable rate) is the lab's rate: max;"
                    + " OMB's producerStartRate and acceptableBacklog are not used: the lab's search starts at "
                    + (long) ScenarioLoader.MAX_RATE_SEARCH_START + " records/s and judges each step by publish"
                    + " delay and the records awaiting an answer (docs/scenarios.md, rate: max)");
        }
        if (rate > 0 && (w.has("producerStartRate") || w.has("acceptableBacklog"))) {
            notes.add("producerStartRate, acceptableBacklog: OMB uses them only with producerRate 0; not mapped");
        }

        if (messageSize < SettingsLimits.PAYLOAD_BYTES.min() || messageSize > SettingsLimits.PAYLOAD_BYTES.max()) {
            refused.add("messageSize: " + messageSize + " bytes; the lab's records are "
                    + SettingsLimits.PAYLOAD_BYTES.min() + " to " + SettingsLimits.PAYLOAD_BYTES.max()
                    + " bytes (the JSON each record's latency is read from), so a run would measure records of"
                    + " another size than the workload's");
        }
        settings.put("payloadBytes", messageSize);
        payload(w, settings, notes);
        keys(w, settings, notes, refused);

        if (subscriptions != 1) {
            refused.add("subscriptionsPerTopic: " + subscriptions + "; the lab reads each record with one consumer"
                    + " group and times it there: "
                    + (subscriptions == 0
                            ? "a workload without consumers has no end-to-end latency to measure"
                            : subscriptions + " subscriptions fetch every record " + subscriptions
                                    + " times, a load on the brokers this run would not have"));
        }
        if (consumersPerSubscription != 1) {
            notes.add("consumerPerSubscription: " + consumersPerSubscription + " is how many consumer-app instances"
                    + " run, not a scenario field: start them with scripts/lab up --local --consumers "
                    + consumersPerSubscription);
        }
        if (w.has("messageRateReceivedForSubscription")) {
            notes.add("messageRateReceivedForSubscription: OMB's allowance for filtered subscriptions; the lab's"
                    + " consumer receives every record; not mapped");
        }

        long partitions = topics * partitionsPerTopic;
        if (topics != 1) {
            notes.add("topics: " + topics + " topics of " + partitionsPerTopic + " partitions become one topic of "
                    + partitions + " (a phase writes one topic); the rate is the total, so each partition gets"
                    + " what OMB gives it");
        }
        long producers = topics * producersPerTopic;
        if (producers > LOCAL_PRODUCERS) {
            notes.add("producersPerTopic: " + producers + " producers in all; scripts/lab up --local starts at most "
                    + LOCAL_PRODUCERS
                    + " producer-app instances, so " + LOCAL_PRODUCERS + " send the same total rate (fuller batches"
                    + " each than OMB's)");
            producers = LOCAL_PRODUCERS;
        }
        if (producers > 1) {
            notes.add("producers: " + producers + " producer-app instances must run: scripts/lab up --local"
                    + " --producers " + producers);
        }

        Map<String, Object> phase = new LinkedHashMap<>();
        String phaseName = "rate-" + ("max".equals(settings.get("rate")) ? "max" : rate);
        phase.put("name", phaseName);
        phase.put("settings", settings);
        phase.put("warmup", warmup + "m");
        if (duration <= 0) {
            refused.add("testDurationMinutes: must be given, in whole minutes above 0, got " + duration);
        }
        phase.put("duration", duration + "m");
        topic.put("partitions", partitions);
        phase.put("topic", topic);
        if (!consumer.isEmpty()) {
            phase.put("consumer", consumer);
        }
        List<String> labs = new ArrayList<>();
        if (!topic.containsKey("replicationFactor")) {
            labs.add("replication factor 3");
        }
        if (!topic.containsKey("minInsyncReplicas")) {
            labs.add("min.insync.replicas 2");
        }
        if (!labs.isEmpty()) {
            notes.add("topic: created for the phase, deleted after it, with the lab's " + String.join(" and ", labs)
                    + (driver == null ? " (OMB takes them from its driver file)" : " (the driver file does not say)"));
        }
        if (producers > 1) {
            phase.put("producers", producers);
        }
        backlog(w, backlogGb, messageSize, phase, notes, refused);

        if (!refused.isEmpty() || !driverRefused.isEmpty()) {
            throw new OmbRefusedException(Stream.concat(
                            refused.stream().map(r -> source + ": " + r),
                            driverRefused.stream().map(r -> driverSource + ": " + r))
                    .toList());
        }
        String name = scenarioName(w.text("name"), source);
        Map<String, Object> scenario = new LinkedHashMap<>();
        scenario.put("name", name);
        scenario.put(
                "description",
                "Imported from the OpenMessaging Benchmark workload " + source
                        + (w.text("name") == null ? "" : " ('" + w.text("name") + "')")
                        + (driver == null ? "" : " with the driver file " + driverSource) + ".");
        scenario.put("phases", List.of(phase));
        StringBuilder yaml = new StringBuilder("# Imported from the OpenMessaging Benchmark workload " + source
                + (driver == null ? "" : " with the driver file " + driverSource)
                + " (scripts/lab import-omb).\n# What did not map as it is:\n");
        notes.forEach(n -> yaml.append("# - ").append(n).append('\n'));
        yaml.append(YAML.writeValueAsString(scenario));
        return new Imported(name, yaml.toString(), List.copyOf(notes));
    }

    private static void payload(OmbWorkload w, Map<String, Object> settings, List<String> notes) {
        // OMB's payload files and randomized payloads are bytes with little to compress: the lab's
        // random-hex record compresses about as little.
        settings.put("payload", "random-hex");
        if (w.has("payloadFile")) {
            notes.add("payloadFile: " + w.text("payloadFile") + " is not read (OMB's files are opaque bytes); the lab"
                    + " sends its own JSON records of messageSize bytes, random hex (payload: random-hex)");
        }
        if (w.flag("useRandomizedPayloads") || w.has("randomBytesRatio") || w.has("randomizedPayloadPoolSize")) {
            notes.add("useRandomizedPayloads, randomBytesRatio, randomizedPayloadPoolSize: the lab's random-hex"
                    + " records are random throughout, each made anew; the ratio and the pool are not mapped");
        }
    }

    private static void keys(OmbWorkload w, Map<String, Object> settings, List<String> notes, List<String> refused) {
        String keys = w.has("keyDistributor") ? w.text("keyDistributor").toUpperCase(Locale.ROOT) : "NO_KEY";
        switch (keys) {
            case "NO_KEY" -> settings.put("keyStrategy", "none");
            case "KEY_ROUND_ROBIN", "RANDOM_NANO" -> {
                settings.put("keyStrategy", "order-id");
                notes.add("keyDistributor: " + keys + " is the lab's keyStrategy order-id: a key of its own per"
                        + " record, spread evenly over the partitions");
            }
            default ->
                refused.add("keyDistributor: '" + w.text("keyDistributor")
                        + "' is none of OMB's NO_KEY, KEY_ROUND_ROBIN, RANDOM_NANO");
        }
    }

    private static void backlog(
            OmbWorkload w,
            long backlogGb,
            long messageSize,
            Map<String, Object> phase,
            List<String> notes,
            List<String> refused) {
        if (backlogGb <= 0) {
            for (String unused : List.of("producerPauseBeforeDrain", "producerPauseDuringDrain")) {
                if (w.has(unused)) {
                    notes.add(unused + ": OMB uses it only with consumerBacklogSizeGB; not mapped");
                }
            }
            return;
        }
        long records = messageSize <= 0 ? 0 : backlogGb * GB / messageSize;
        if (records > Phase.MAX_BACKLOG) {
            refused.add("consumerBacklogSizeGB: " + backlogGb + " GB of " + messageSize + "-byte records is " + records
                    + " records, past the " + Phase.MAX_BACKLOG + " a lab backlog holds");
            return;
        }
        if ("max".equals(((Map<?, ?>) phase.get("settings")).get("rate"))) {
            refused.add("consumerBacklogSizeGB: a backlog is built at a fixed rate; producerRate 0 (a rate search)"
                    + " cannot build one");
            return;
        }
        phase.put("backlog", records);
        notes.add("consumerBacklogSizeGB: " + backlogGb + " GB is a backlog of " + records + " records; the lab"
                + " stops the load while the consumer drains it and measures the drain"
                + (w.number("producerPauseDuringDrain", 0) > 0
                        ? " (as OMB with producerPauseDuringDrain)"
                        : " (OMB keeps producing while it drains: producerPauseDuringDrain is 0)")
                + "; testDurationMinutes bounds the drain; producerPauseBeforeDrain is not mapped");
    }

    /** A scenario name the loader takes (it names the results folder): omb- and the workload's name, or the file's. */
    static String scenarioName(String workloadName, String source) {
        String base = workloadName != null
                ? workloadName
                : source.replaceAll("^.*/", "").replaceFirst("\\.ya?ml$", "");
        String slug =
                base.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]+", "-").replaceAll("^-+|-+$", "");
        String name = "omb-" + slug;
        return name.length() > 80 ? name.substring(0, 80).replaceAll("-+$", "") : name;
    }
}
