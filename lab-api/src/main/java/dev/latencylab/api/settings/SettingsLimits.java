package dev.latencylab.api.settings;

/**
 * The accepted ranges of every tunable, written once: the producer's endpoint, the scenario
 * loader, the header codec and the docs all read them from here. The maxima are sanity bounds
 * for a laptop lab, not Kafka's limits.
 */
public final class SettingsLimits {

    /** A linger above 10 s is a typo, not an experiment. */
    public static final IntRange LINGER_MS = new IntRange(0, 10_000);
    /** 0 disables batching (Kafka allows it); 16 MiB is far above any useful batch. */
    public static final IntRange BATCH_SIZE = new IntRange(0, 16 * 1024 * 1024);
    /** 360 holds the order event's largest fields (358 B, checked by a test); the top stays well under max.request.size (1 MiB). */
    public static final IntRange PAYLOAD_BYTES = new IntRange(360, 100_000);
    /** The runner's phase ids; 0 is "no named phase". */
    public static final IntRange PHASE = new IntRange(0, Integer.MAX_VALUE);
    /** How many more records the load sends before it stops by itself (a backlog's size). */
    public static final IntRange STOP_AFTER_RECORDS = new IntRange(1, Integer.MAX_VALUE);
    /**
     * How long a transactional producer's transaction stays open before it is committed, in ms; 0
     * sends without transactions. At most half the client's default transaction.timeout.ms (60 s),
     * past which the coordinator aborts a transaction itself; a phase that sets a lower one in its
     * producerConfig must keep transactionMs under it.
     */
    public static final IntRange TRANSACTION_MS = new IntRange(0, 30_000);
    /** Every how many transactions one is aborted on purpose; 0: none. */
    public static final IntRange ABORT_EVERY = new IntRange(0, 1_000_000);
    /** Records/s. One laptop tops out far lower; the bound catches an extra zero. */
    public static final double MAX_RATE = 200_000;
    /** Records/s. One record every ten seconds; below it the schedule's arithmetic would overflow. */
    public static final double MIN_RATE = 0.1;
    /**
     * The rate that means "no schedule: send as fast as send() returns" (as kafka-producer-perf-test's
     * {@code --throughput -1}); written {@code "unthrottled"} or -1.
     */
    public static final double UNTHROTTLED = -1;
    /** Kafka's legal topic names (Topic.validate): at most 249 of these characters. */
    public static final java.util.regex.Pattern TOPIC = java.util.regex.Pattern.compile("[A-Za-z0-9._-]{1,249}");

    private SettingsLimits() {}

    public record IntRange(int min, int max) {
        public boolean contains(long value) {
            return value >= min && value <= max;
        }

        public void check(String field, long value) {
            if (!contains(value)) {
                throw new BadSettingsException(field, describe(field) + "; got " + value);
            }
        }

        public String describe(String field) {
            return field + " must be an integer from " + min + " to " + max;
        }
    }

    public static boolean rateAccepted(double rate) {
        return rate == UNTHROTTLED || (rate >= MIN_RATE && rate <= MAX_RATE);
    }

    public static String describeRate(String field) {
        return field + " must be a number of records/s from " + MIN_RATE + " to " + (long) MAX_RATE
                + ", or \"unthrottled\" (or -1)";
    }

    /**
     * A scenario phase's name as the runner labels it: with its "#repeat", a rate search's
     * "@50%" share or "-search-<rate>" step. Bounded because it becomes a label value of a
     * Prometheus series.
     */
    public static final String PHASE_NAME_RULE = "phaseName must be 1 to 100 letters, digits, '.', '_', '-', '#', '@'"
            + " or '%', starting with a letter or digit";

    private static final java.util.regex.Pattern PHASE_NAME =
            java.util.regex.Pattern.compile("[A-Za-z0-9][A-Za-z0-9._#@%-]{0,99}");

    public static boolean phaseNameAccepted(String name) {
        return name != null && PHASE_NAME.matcher(name).matches();
    }

    public static boolean topicAccepted(String topic) {
        return topic != null && TOPIC.matcher(topic).matches() && !topic.equals(".") && !topic.equals("..");
    }

    public static String describeTopic(String field) {
        return field + " must be a Kafka topic name (1 to 249 letters, digits, '.', '_' or '-')";
    }
}
