package dev.latencylab.api.settings;

import dev.latencylab.api.settings.SettingsLimits.IntRange;

/** The accepted ranges of the consumer's settings; sanity bounds for a laptop lab, not Kafka's limits. */
public final class ConsumerLimits {

    /** Above 10 MiB a fetch would wait for more than any lab phase writes in its wait. */
    public static final IntRange FETCH_MIN_BYTES = new IntRange(1, 10 * 1024 * 1024);
    /** Kafka's default is 500; 30 s is past any latency experiment. */
    public static final IntRange FETCH_MAX_WAIT_MS = new IntRange(0, 30_000);

    public static final IntRange MAX_POLL_RECORDS = new IntRange(1, 100_000);
    /** From one record of the largest payload to 64 MiB. */
    public static final IntRange MAX_PARTITION_FETCH_BYTES = new IntRange(1024, 64 * 1024 * 1024);

    public static final IntRange COMMIT_COUNT = new IntRange(1, 1_000_000);
    public static final IntRange COMMIT_INTERVAL_MS = new IntRange(1, 600_000);
    /** Threads that mostly wait are cheap; 1,024 covers a batch of 1,000 with one record each. */
    public static final IntRange WORKERS = new IntRange(1, 1_024);
    /** Up to 1 s per record. */
    public static final IntRange WORK_MICROS = new IntRange(0, 1_000_000);

    private ConsumerLimits() {}
}
