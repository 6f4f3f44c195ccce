package dev.latencylab.consumer.modes;

import dev.latencylab.core.accounting.OffsetLedgers;
import dev.latencylab.core.latency.LatencyRecorder;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;

/** A share group reader for tests whose consumer never reads as a share group: it reaches no cluster. */
final class UnusedShareGroup {

    private UnusedShareGroup() {}

    static ShareGroupReader reader() {
        return new ShareGroupReader(
                Map::of,
                "g",
                Pattern.compile("lab\\.orders"),
                new LatencyRecorder(Duration.ofSeconds(5), OffsetLedgers.inMemory()),
                record -> {
                    throw new AssertionError("no share consumer runs here");
                });
    }
}
