package dev.latencylab.consumer.latency;

import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.core.latency.LatencyRecorder;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.annotation.DeleteOperation;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.stereotype.Component;

/**
 * {@code /actuator/latency}: per-phase percentiles of both latencies, loss and duplicate
 * accounting (GET); POST {"consuming": false|true} pauses or resumes consuming; DELETE resets everything, or with {@code ?scope=phases} only the per-phase
 * samples, keeping the sequence tracking (to drop a warm-up).
 */
@Component
@Endpoint(id = "latency")
class LatencyEndpoint {

    private static final Duration PAUSE_TIMEOUT = Duration.ofSeconds(15);

    private final LatencyRecorder recorder;
    private final KafkaListenerEndpointRegistry listeners;

    LatencyEndpoint(LatencyRecorder recorder, KafkaListenerEndpointRegistry listeners) {
        this.recorder = recorder;
        this.listeners = listeners;
    }

    /**
     * {@code POST {"consuming": false}} pauses the listener (records wait on the brokers, nothing
     * is lost), {@code true} resumes it. For measurements that must not pay for the consumer's
     * CPU, such as the producer throughput comparison; the pause shows up as latency of the
     * records that waited.
     */
    @WriteOperation
    Map<String, Boolean> consuming(boolean consuming) {
        MessageListenerContainer container = listeners.getListenerContainer(LatencyListener.ID);
        if (container == null) {
            throw new InvalidEndpointRequestException("no listener", "the latency listener is not running");
        }
        if (consuming) {
            container.resume();
            return Map.of("consuming", true);
        }
        container.pause();
        // The pause takes effect between two polls; answer once it has, so what is sent after the
        // answer is not read until resumed.
        long deadline = System.nanoTime() + PAUSE_TIMEOUT.toNanos();
        while (!container.isContainerPaused() && System.nanoTime() < deadline) {
            LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
        }
        return Map.of("consuming", !container.isContainerPaused());
    }

    @ReadOperation
    LatencyView latency() {
        return recorder.report();
    }

    @DeleteOperation
    void reset(@Nullable String scope) {
        if ("phases".equals(scope)) {
            recorder.resetPhases();
        } else if (scope == null || "all".equals(scope)) {
            recorder.reset();
        } else {
            throw new InvalidEndpointRequestException(
                    "scope must be 'all' or 'phases', got '" + scope + "'", "scope must be 'all' or 'phases'");
        }
    }
}
