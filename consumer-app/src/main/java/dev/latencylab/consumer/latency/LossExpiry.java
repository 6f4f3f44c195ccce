package dev.latencylab.consumer.latency;

import dev.latencylab.core.clock.EpochMicros;
import dev.latencylab.core.latency.LatencyRecorder;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/** Gaps must turn into losses even when no record arrives any more (a stopped producer). */
@Component
class LossExpiry {

    private final LatencyRecorder recorder;

    LossExpiry(LatencyRecorder recorder) {
        this.recorder = recorder;
    }

    @Scheduled(fixedDelay = 1_000)
    void expire() {
        recorder.expire(EpochMicros.now());
    }
}
