package dev.latencylab.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.accounting.PhaseFence;
import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.producer.ProducerStatus;
import java.time.Duration;
import tools.jackson.databind.json.JsonMapper;

/** The runner's view of a phase, from the apps' endpoints: posts to the producer, the fence, the counts. */
final class PhaseChecks {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private PhaseChecks() {}

    /** Unnamed load at 2,000/s until the consumer's ledger holds every partition, so a named phase is read whole. */
    static void startUnnamedLoadUntilEveryPartitionIsRead(LabHttp producer, LabHttp consumer, int partitions) {
        post(producer, "{\"rate\": 2000, \"phase\": 0, \"running\": true}");
        await("every partition read")
                .atMost(Duration.ofSeconds(60))
                .until(() -> latency(consumer).ledgers().stream()
                                .mapToInt(l -> l.partitions().size())
                                .sum()
                        == partitions);
    }

    /**
     * A phase through which a broker stopped: nothing lost or counted twice, and every acknowledged
     * record received, with those stored though their send failed (its leader went as it was answered).
     */
    static void assertWholeThroughABrokerStop(PhaseCounts counts) {
        assertThat(counts.lost()).as("lost").isZero();
        assertThat(counts.duplicated()).as("duplicated").isZero();
        assertThat(counts.received())
                .as("every acknowledged record, and those stored though their send failed")
                .isEqualTo(counts.acked() + counts.storedDespiteFailure())
                .isPositive();
    }

    /** The phase's counts once the fence closed it: every send answered, the group past every acknowledged offset. */
    static PhaseCounts fenced(LabHttp producer, LabHttp consumer, int phase) {
        await("phase " + phase + " closed by the fence")
                .atMost(Duration.ofSeconds(90))
                .until(() -> {
                    LatencyView now = latency(consumer);
                    return status(producer)
                            .phaseSends(phase)
                            .map(s -> s.givenTo(now.consumer()))
                            .map(s -> PhaseFence.passed(s, now.ledger(s.topic())))
                            .orElse(false);
                });
        LatencyView view = latency(consumer);
        PhaseSends sends = status(producer).phaseSends(phase).orElseThrow().givenTo(view.consumer());
        // The consumer's own counts of the phase (duplicated, late, out of order) come with it: without
        // them a check of those could never fail.
        return PhaseCounts.of(sends, view.ledger(sends.topic()), view.phase(phase));
    }

    static void post(LabHttp producer, String body) {
        LabHttp.Response r = producer.post("/actuator/producer", body);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
    }

    static ProducerStatus status(LabHttp producer) {
        return JSON.readValue(producer.get("/actuator/producer").body(), ProducerStatus.class);
    }

    static LatencyView latency(LabHttp consumer) {
        return JSON.readValue(consumer.get("/actuator/latency").body(), LatencyView.class);
    }
}
