package dev.latencylab.api.settings;

import dev.latencylab.api.settings.SettingsLimits.IntRange;

/** The accepted ranges of the consumer's settings; sanity bounds for a laptop lab, not Kafka's limits. */
public final class ConsumerLimits {

    public static final IntRange MAX_POLL_RECORDS = new IntRange(1, 100_000);
    public static final IntRange COMMIT_COUNT = new IntRange(1, 1_000_000);
    public static final IntRange COMMIT_INTERVAL_MS = new IntRange(1, 600_000);
    /** Threads that mostly wait are cheap; 1,024 covers a batch of 1,000 with one record each. */
    public static final IntRange WORKERS = new IntRange(1, 1_024);
    /** Up to 1 s per record. */
    public static final IntRange WORK_MICROS = new IntRange(0, 1_000_000);

    private ConsumerLimits() {}
}
