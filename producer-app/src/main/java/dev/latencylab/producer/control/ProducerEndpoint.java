package dev.latencylab.producer.control;

import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.producer.SenderCounters;
import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.core.requestbody.StrictJsonBody;
import dev.latencylab.kafka.clientproperties.ClientPropertyCheck;
import dev.latencylab.producer.HeapBudget;
import dev.latencylab.producer.LabProducerProperties;
import dev.latencylab.producer.load.LoadGenerator;
import dev.latencylab.producer.load.LoadState;
import dev.latencylab.producer.topic.TopicCheck;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.Uuid;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /actuator/producer}: the settings in effect and the sender's counters (GET), and
 * run-time changes (POST). A controller rather than an actuator @Endpoint because the write
 * side must see the raw body: actuator binding silently ignores unknown fields, and an
 * experiment with a misspelt setting is worse than a refused request.
 */
@RestController
@RequestMapping(
        path = "${management.endpoints.web.base-path:/actuator}/producer",
        produces = MediaType.APPLICATION_JSON_VALUE)
class ProducerEndpoint {

    private final LoadGenerator generator;

    private final Duration switchTimeout;

    private final TopicCheck topics;
    private final String topicPrefix;
    private final HeapBudget heap;

    ProducerEndpoint(LoadGenerator generator, LabProducerProperties properties, TopicCheck topics, HeapBudget heap) {
        this.generator = generator;
        this.topics = topics;
        this.heap = heap;
        this.topicPrefix = properties.topicPrefix();
        this.switchTimeout = properties.switchTimeout();
    }

    @GetMapping
    ProducerStatus get() {
        return generator.status(generator.state());
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<?> post(@RequestBody(required = false) String body) throws InterruptedException {
        SettingsChange requested = parse(body);
        Map<String, String> properties = requested.settings().producerConfig();
        if (properties != null) {
            ClientPropertyCheck.producer("producerConfig", properties);
            // Kafka's range is any client's; what this app's heap can hold is its own to say.
            String memory = properties.get(ProducerConfig.BUFFER_MEMORY_CONFIG);
            if (memory != null) {
                heap.bufferMemory().check("producerConfig.buffer.memory", Long.parseLong(memory.trim()));
            }
        }
        // A combination the settings refuse (a level the codec has not) is a 400 here, with nothing
        // changed, not a failure on the sender thread.
        LoadState now = generator.state();
        now.apply(requested);
        String target = requested.topic() != null ? requested.topic() : now.topic();
        if (!target.startsWith(topicPrefix)) {
            throw new BadSettingsException(
                    "topic",
                    "topic " + target + " is not one of the lab's: the producer-app writes only topics whose name"
                            + " starts with " + topicPrefix + " (lab.producer.topic-prefix), so it never writes a"
                            + " topic of yours");
        }
        // A start names the topic's identity too: one deleted and created again since the client
        // last wrote to it needs a new client (RecordSender.prepareFor).
        Uuid topicId = null;
        if (!target.equals(now.topic()) || Boolean.TRUE.equals(requested.running())) {
            topicId = topics.requireExists(target);
        }
        CompletableFuture<LoadState> change = generator.submit(requested, topicId);
        try {
            LoadState applied;
            try {
                applied = change.get(switchTimeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                if (generator.withdraw(change)) {
                    return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                            .body(Map.of(
                                    "error",
                                    "the sender did not take the change within " + switchTimeout
                                            + "; nothing was changed"));
                }
                // Already being applied (a flush of a slow cluster): its outcome is what to report.
                applied = change.get(switchTimeout.toMillis(), TimeUnit.MILLISECONDS);
            }
            return ResponseEntity.ok(generator.status(applied));
        } catch (TimeoutException e) {
            // What the flush behind it waits on: records the brokers have not answered, and whether they refuse.
            SenderCounters c = generator.counters();
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                    .body(Map.of(
                            "error",
                            "the change is still being applied after " + switchTimeout.multipliedBy(2) + " ("
                                    + (c.sent() - c.acked() - c.failed()) + " records sent and not yet answered, "
                                    + c.retries() + " sends retried so far); GET /actuator/producer shows when it"
                                    + " is in effect"));
        } catch (ExecutionException e) {
            return ResponseEntity.status(HttpStatus.INTERNAL_SERVER_ERROR)
                    .body(Map.of(
                            "error",
                            "applying the change failed: " + e.getCause().getMessage()));
        }
    }

    /**
     * The body as a change, or a 400 naming the first field at fault; strict about repeated keys
     * too: {"lingerMs": 99999, "lingerMs": 5} is a mistake, not a 5.
     */
    private static SettingsChange parse(String body) {
        return SettingsChange.read(StrictJsonBody.fields(body, "{\"lingerMs\": 5}"));
    }
}
