package dev.latencylab.runner.scenario;

import java.time.Duration;

/**
 * Command-line timing: {@code --article} (the article's five minutes per phase), then
 * {@code --warmup} and {@code --phase-duration}, which win over both the file and {@code --article}.
 * A null field keeps what the scenario file says.
 */
public record TimingOverride(Duration warmup, Duration duration) {

    /** The article switched linger every ~5 minutes: 30 s warm-up + 4 m 30 s measured. */
    public static final TimingOverride ARTICLE = new TimingOverride(Duration.ofSeconds(30), Duration.ofSeconds(270));

    public static final TimingOverride NONE = new TimingOverride(null, null);

    public static TimingOverride of(boolean article, Duration warmup, Duration duration) {
        TimingOverride base = article ? ARTICLE : NONE;
        return new TimingOverride(
                warmup != null ? warmup : base.warmup(), duration != null ? duration : base.duration());
    }

    public boolean isEmpty() {
        return warmup == null && duration == null;
    }
}
