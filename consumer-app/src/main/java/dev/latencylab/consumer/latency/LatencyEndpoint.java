package dev.latencylab.consumer.latency;

import dev.latencylab.core.latency.LatencyRecorder;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.annotation.DeleteOperation;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.stereotype.Component;

/**
 * {@code /actuator/latency}: per-phase percentiles of both latencies, loss and duplicate
 * accounting (GET); DELETE resets everything, or with {@code ?scope=phases} only the per-phase
 * samples, keeping the sequence tracking (to drop a warm-up).
 */
@Component
@Endpoint(id = "latency")
class LatencyEndpoint {

    private final LatencyRecorder recorder;

    LatencyEndpoint(LatencyRecorder recorder) {
        this.recorder = recorder;
    }

    @ReadOperation
    LatencyView latency() {
        return LatencyView.of(recorder.report());
    }

    @DeleteOperation
    void reset(@Nullable String scope) {
        if ("phases".equals(scope)) {
            recorder.resetPhases();
        } else if (scope == null || "all".equals(scope)) {
            recorder.reset();
        } else {
            throw new InvalidEndpointRequestException("scope must be 'all' or 'phases', got '" + scope + "'",
                    "scope must be 'all' or 'phases'");
        }
    }
}
