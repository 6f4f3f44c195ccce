package dev.latencylab.consumer.latency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.atLeast;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import dev.latencylab.consumer.LabConsumerProperties;
import dev.latencylab.consumer.modes.ConsumerModes;
import dev.latencylab.core.header.LabHeader;
import dev.latencylab.core.header.RecordStamp;
import dev.latencylab.core.latency.LatencyRecorder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.jackson.JacksonEndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.web.WebEndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementContextAutoConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

/**
 * {@code /actuator/latency} over the real actuator web mapping (MockMvc), with the app's own
 * {@link LatencyRecorder} (from {@link LatencyConfiguration} and consumer-app.yml) fed records
 * directly, and the Kafka listener registry mocked: no broker, no Kafka auto-configuration.
 *
 * <p>Each test gets a fresh context: the recorder remembers every producer it has seen (by
 * design, across resets), so sharing one would let a test's records show up in the next.
 */
@WebMvcTest(
        controllers = LatencyEndpoint.class,
        properties = {
            "spring.config.name=consumer-app",
            // Each context its own ledger file: the ledger outlives the context by design.
            "lab.consumer.ledger-dir=target/ledgers/${random.uuid}"
        })
@ImportAutoConfiguration({
    EndpointAutoConfiguration.class,
    JacksonEndpointAutoConfiguration.class,
    WebEndpointAutoConfiguration.class,
    ManagementContextAutoConfiguration.class
})
@Import({LatencyEndpoint.class, LatencyMetrics.class, LatencyConfiguration.class, LatencyEndpointTest.Meters.class})
@EnableConfigurationProperties(LabConsumerProperties.class)
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_EACH_TEST_METHOD)
class LatencyEndpointTest {

    /** The consumer settings' gauges need a registry; metrics auto-configuration is not part of this slice. */
    @TestConfiguration
    static class Meters {
        @Bean
        SimpleMeterRegistry meterRegistry() {
            return new SimpleMeterRegistry();
        }
    }

    private static final String URL = "/actuator/latency";
    private static final UUID PRODUCER = UUID.fromString("5f0c2a44-1b2c-4d5e-8f90-a1b2c3d4e5f6");
    private static final byte[] ORDER = "{\"orderId\":\"o-1\"}".getBytes(StandardCharsets.US_ASCII);
    /** 2025-11-22T00:00:00Z in epoch microseconds. */
    private static final long T0 = 1_763_769_600_000_000L;
    /** Every latency below stays under 2,048 us, where the histograms (3 significant digits) are exact. */
    private static final String TWO_PHASES =
            """
            {"phases":[
              {"phase":4,
               "count":2,"firstReceived":"2025-11-22T00:00:00.001100Z","lastReceived":"2025-11-22T00:00:00.002500Z",
               "latencyMs":{"p10":1.0,"p50":1.0,"p90":1.5,"p95":1.5,"p99":1.5,"p999":1.5,"max":1.5},
               "correctedLatencyMs":{"p10":1.1,"p50":1.1,"p90":1.5,"p95":1.5,"p99":1.5,"p999":1.5,"max":1.5},
               "lost":0,"late":0,"duplicated":1,"redelivered":0,"outOfOrder":0,"clamped":0,"batchWaitMs":null,"unsampled":0,
               "keyOrder":{"keys":0,"repeated":0,"outOfOrder":0,"untracked":0,"inOrderNotChecked":0}},
              {"phase":0,
               "count":4,"firstReceived":"2025-11-22T00:00:00.004Z","lastReceived":"2025-11-22T00:00:00.008Z",
               "latencyMs":{"p10":2.0,"p50":2.0,"p90":2.0,"p95":2.0,"p99":2.0,"p999":2.0,"max":2.0},
               "correctedLatencyMs":{"p10":2.0,"p50":2.0,"p90":2.04,"p95":2.04,"p99":2.04,"p999":2.04,"max":2.04},
               "lost":0,"late":0,"duplicated":0,"redelivered":0,"outOfOrder":1,"clamped":0,"batchWaitMs":null,"unsampled":1,
               "keyOrder":{"keys":0,"repeated":0,"outOfOrder":0,"untracked":0,"inOrderNotChecked":0}}],
             "totals":{"received":7,"lost":0,"late":0,"pending":1,"duplicated":1,"redelivered":0,"outOfOrder":1,
               "skipped":{"noHeader":1,"badHeader":1,"badPayload":1,"tooManyPhases":0},"droppedProducers":0},
             "producers":[{"producerId":"5f0c2a44-1b2c-4d5e-8f90-a1b2c3d4e5f6","firstSequence":0,"highestSequence":7,
               "received":7,"pending":1,"lost":0,"late":0,"duplicated":1,"outOfOrder":1,"beforeStart":0,"unobserved":0}],
             "ledgers":[{"topic":"lab.orders","ledgerId":"LEDGER_ID","limitHit":null,"redeliveredBeforeStart":0,"partitions":[
               {"partition":0,"firstOffset":10,"highestOffset":15,
                "segments":[{"phase":4,"fromOffset":10,"toOffset":15,"redelivered":0,"duplicated":1,"gaps":3}]},
               {"partition":1,"firstOffset":20,"highestOffset":22,
                "segments":[{"phase":0,"fromOffset":20,"toOffset":22,"redelivered":0,"duplicated":0,"gaps":0}]},
               {"partition":2,"firstOffset":30,"highestOffset":30,
                "segments":[{"phase":0,"fromOffset":30,"toOffset":30,"redelivered":0,"duplicated":0,"gaps":0}]}]}],
             "consumer":{"topics":"lab\\\\.orders(\\\\..+)?","groupId":"latency-lab-consumer","settings":{
               "auto.offset.reset":"latest","commit":"time 5000 ms async","fetch.max.wait.ms":"500",
               "fetch.min.bytes":"1","group.protocol":"classic","isolation.level":"read_uncommitted",
               "listener":"batch","max.partition.fetch.bytes":"1048576","max.poll.records":"500",
               "processing":"in-order","work":"none"}},"assigned":{}}""";

    @Autowired
    private MockMvcTester mvc;

    /** The two phases' view, with the ledger's identity (random per ledger file) as the recorder has it. */
    private String twoPhases() {
        return TWO_PHASES.replace(
                "LEDGER_ID", recorder.report().ledgers().get(0).ledgerId());
    }

    @Test
    void aResetOrPauseFromAWebPageOrNotDeclaredJsonIsRefusedAndChangesNothing() {
        recordTwoPhases();

        assertThat(mvc.delete().uri(URL).header("Origin", "https://evil.example"))
                .hasStatus(HttpStatus.FORBIDDEN)
                .bodyJson()
                .extractingPath("$.error")
                .asString()
                .contains("Origin: https://evil.example");
        assertThat(mvc.delete().uri(URL).header("Host", "rebound.evil.example")).hasStatus(HttpStatus.FORBIDDEN);
        assertThat(mvc.post().uri(URL).contentType(MediaType.TEXT_PLAIN).content("{\"consuming\": false}"))
                .hasStatus(HttpStatus.UNSUPPORTED_MEDIA_TYPE);
        assertThat(mvc.get().uri(URL)).hasStatusOk().bodyJson().isStrictlyEqualTo(twoPhases());
        verifyNoInteractions(container);
    }

    @Test
    void releaseDropsThePhasesUpToTheIdGivenWithTheWarmUpsAndRefusesAnythingButAPhaseId() {
        recordTwoPhases();

        assertThat(mvc.post()
                        .uri(URL + "/release")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"throughPhase\": 4}"))
                .hasStatusOk()
                .bodyJson()
                .extractingPath("$.phasesHeld")
                .isEqualTo(0);
        assertThat(mvc.get().uri(URL))
                .hasStatusOk()
                .bodyJson()
                .extractingPath("$.phases")
                .asArray()
                .isEmpty();
        assertThat(mvc.get().uri(URL))
                .bodyJson()
                .extractingPath("$.totals.received")
                .isEqualTo(7);
        for (String bad : List.of("{\"throughPhase\": 0}", "{\"throughPhase\": \"4\"}", "{\"phase\": 4}", "[]")) {
            assertThat(mvc.post()
                            .uri(URL + "/release")
                            .contentType(MediaType.APPLICATION_JSON)
                            .content(bad))
                    .as(bad)
                    .hasStatus(HttpStatus.BAD_REQUEST);
        }
    }

    @Test
    void forgetEmptiesTheLedgerOfATopicCreatedAnewSoItsRecordsAreNotTakenForRedeliveries() {
        recordTwoPhases();
        assertThat(mvc.post()
                        .uri(URL + "/forget")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"topic\": \"lab.orders\"}"))
                .hasStatusOk();
        assertThat(recorder.report().ledger("lab.orders").partitions()).isEmpty();
        assertThat(mvc.post()
                        .uri(URL + "/forget")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"topic\": \"../etc\"}"))
                .hasStatus(HttpStatus.BAD_REQUEST);
    }

    @Autowired
    private LatencyRecorder recorder;

    @MockitoBean
    private KafkaListenerEndpointRegistry listeners;

    private final MessageListenerContainer container = mock(MessageListenerContainer.class);

    @BeforeEach
    void listenerIsRegistered() {
        when(listeners.getListenerContainer(ConsumerModes.BATCH_LISTENER)).thenReturn(container);
    }

    // ---------------------------------------------------------------- GET

    @Test
    void getBeforeAnyRecordShowsEmptyPhasesZeroTotalsAndNoProducers() {
        assertThat(mvc.get().uri(URL))
                .hasStatusOk()
                .bodyJson()
                .isStrictlyEqualTo(
                        """
                {"phases":[],
                 "totals":{"received":0,"lost":0,"late":0,"pending":0,"duplicated":0,"redelivered":0,
                   "outOfOrder":0,"skipped":{"noHeader":0,"badHeader":0,"badPayload":0,"tooManyPhases":0},"droppedProducers":0},
                 "producers":[],
                 "ledgers":[],
             "consumer":{"topics":"lab\\\\.orders(\\\\..+)?","groupId":"latency-lab-consumer","settings":{
               "auto.offset.reset":"latest","commit":"time 5000 ms async","fetch.max.wait.ms":"500",
               "fetch.min.bytes":"1","group.protocol":"classic","isolation.level":"read_uncommitted",
               "listener":"batch","max.partition.fetch.bytes":"1048576","max.poll.records":"500",
               "processing":"in-order","work":"none"}},"assigned":{}}""");
    }

    @Test
    void getShowsEachPhasesPercentilesAndAccountingAndTheTotalsTheRecordsImply() {
        recordTwoPhases();

        MvcTestResult result = mvc.get().uri(URL).exchange();

        assertThat(result).hasStatusOk().hasContentTypeCompatibleWith(MediaType.APPLICATION_JSON);
        assertThat(result).bodyJson().isStrictlyEqualTo(twoPhases());
    }

    @Test
    void getAnswersPlainJsonToAClientThatAsksForIt() {
        recordTwoPhases();

        MvcTestResult result =
                mvc.get().uri(URL).accept(MediaType.APPLICATION_JSON).exchange();

        assertThat(result).hasStatusOk().hasContentTypeCompatibleWith(MediaType.APPLICATION_JSON);
        assertThat(result).bodyJson().isStrictlyEqualTo(twoPhases());
    }

    // ---------------------------------------------------------------- DELETE

    @ParameterizedTest(name = "DELETE {0}")
    @ValueSource(strings = {URL, URL + "?scope=all"})
    void deleteStartsCountingAfreshDroppingPhasesCountsAndSkipsButKeepingTheProducersStream(String uri) {
        recordTwoPhases();

        assertThat(mvc.delete().uri(uri)).hasStatus(HttpStatus.NO_CONTENT);

        assertThat(mvc.get().uri(URL))
                .hasStatusOk()
                .bodyJson()
                .isStrictlyEqualTo(
                        """
                {"phases":[],
                 "totals":{"received":0,"lost":0,"late":0,"pending":1,"duplicated":0,"redelivered":0,
                   "outOfOrder":0,"skipped":{"noHeader":0,"badHeader":0,"badPayload":0,"tooManyPhases":0},"droppedProducers":0},
                 "producers":[{"producerId":"5f0c2a44-1b2c-4d5e-8f90-a1b2c3d4e5f6","firstSequence":5,
                   "highestSequence":7,"received":0,"pending":1,"lost":0,"late":0,"duplicated":0,"outOfOrder":0,
                   "beforeStart":0,"unobserved":0}],
                 "ledgers":[],
             "consumer":{"topics":"lab\\\\.orders(\\\\..+)?","groupId":"latency-lab-consumer","settings":{
               "auto.offset.reset":"latest","commit":"time 5000 ms async","fetch.max.wait.ms":"500",
               "fetch.min.bytes":"1","group.protocol":"classic","isolation.level":"read_uncommitted",
               "listener":"batch","max.partition.fetch.bytes":"1048576","max.poll.records":"500",
               "processing":"in-order","work":"none"}},"assigned":{}}""");
        // The gap left open before the reset is still a gap, not a record from before the start.
        recorder.record(header(5, T0 + 5_000, T0 + 5_000, 0), ORDER, "lab.orders", 0, 16, T0 + 9_000);
        assertThat(mvc.get().uri(URL))
                .bodyJson()
                .extractingPath("$.totals.received")
                .isEqualTo(1);
    }

    @Test
    void deleteWithScopePhasesDropsThePhasesButKeepsTotalsAndProducers() {
        recordTwoPhases();

        assertThat(mvc.delete().uri(URL + "?scope=phases")).hasStatus(HttpStatus.NO_CONTENT);

        assertThat(mvc.get().uri(URL))
                .hasStatusOk()
                .bodyJson()
                .isStrictlyEqualTo(
                        """
                {"phases":[],
                 "totals":{"received":7,"lost":0,"late":0,"pending":1,"duplicated":1,"redelivered":0,
                   "outOfOrder":1,"skipped":{"noHeader":1,"badHeader":1,"badPayload":1,"tooManyPhases":0},"droppedProducers":0},
                 "producers":[{"producerId":"5f0c2a44-1b2c-4d5e-8f90-a1b2c3d4e5f6","firstSequence":0,
                   "highestSequence":7,"received":7,"pending":1,"lost":0,"late":0,"duplicated":1,"outOfOrder":1,
                   "beforeStart":0,"unobserved":0}],
                 "ledgers":[{"topic":"lab.orders","ledgerId":"LEDGER_ID","limitHit":null,"redeliveredBeforeStart":0,"partitions":[
                   {"partition":0,"firstOffset":10,"highestOffset":15,
                    "segments":[{"phase":4,"fromOffset":10,"toOffset":15,"redelivered":0,"duplicated":1,"gaps":3}]},
                   {"partition":1,"firstOffset":20,"highestOffset":22,
                    "segments":[{"phase":0,"fromOffset":20,"toOffset":22,"redelivered":0,"duplicated":0,"gaps":0}]},
                   {"partition":2,"firstOffset":30,"highestOffset":30,
                    "segments":[{"phase":0,"fromOffset":30,"toOffset":30,"redelivered":0,"duplicated":0,"gaps":0}]}]}],
             "consumer":{"topics":"lab\\\\.orders(\\\\..+)?","groupId":"latency-lab-consumer","settings":{
               "auto.offset.reset":"latest","commit":"time 5000 ms async","fetch.max.wait.ms":"500",
               "fetch.min.bytes":"1","group.protocol":"classic","isolation.level":"read_uncommitted",
               "listener":"batch","max.partition.fetch.bytes":"1048576","max.poll.records":"500",
               "processing":"in-order","work":"none"}},"assigned":{}}"""
                                .replace(
                                        "LEDGER_ID",
                                        recorder.report().ledgers().get(0).ledgerId()));
        // A phase's samples start again from the next record: the warm-up is gone.
        recorder.record(header(8, T0 + 7_000, T0 + 7_000, 4), ORDER, "lab.orders", 0, 17, T0 + 7_300);
        MvcTestResult after = mvc.get().uri(URL).exchange();
        assertThat(after).bodyJson().extractingPath("$.phases.length()").isEqualTo(1);
        assertThat(after).bodyJson().extractingPath("$.phases[0].count").isEqualTo(1);
        assertThat(after).bodyJson().extractingPath("$.phases[0].latencyMs.max").isEqualTo(0.3);
        assertThat(after).bodyJson().extractingPath("$.phases[0].duplicated").isEqualTo(0);
        assertThat(after).bodyJson().extractingPath("$.totals.received").isEqualTo(8);
    }

    @ParameterizedTest(name = "scope={0}")
    @ValueSource(strings = {"bogus", "PHASES", "All", ""})
    void deleteWithAnyOtherScopeIsRefusedWith400AndChangesNothing(String scope) {
        recordTwoPhases();

        MvcTestResult result = mvc.delete().uri(URL + "?scope=" + scope).exchange();

        assertThat(result).hasStatus(HttpStatus.BAD_REQUEST);
        assertThat(result).bodyJson().extractingPath("$.field").isEqualTo("scope");
        assertThat(result)
                .bodyJson()
                .extractingPath("$.error")
                .isEqualTo("scope must be 'all' or 'phases'; got '" + scope + "'");
        assertThat(mvc.get().uri(URL)).hasStatusOk().bodyJson().isStrictlyEqualTo(twoPhases());
    }

    // ---------------------------------------------------------------- POST consuming

    @Test
    void postConsumingFalsePausesTheListenerAndAnswersOnceThePauseHasTakenEffect() {
        // The pause takes effect between two polls: the endpoint waits for it before answering.
        when(container.isContainerPaused()).thenReturn(false, false, true);

        MvcTestResult result = mvc.post()
                .uri(URL)
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"consuming\": false}")
                .exchange();

        assertThat(result).hasStatusOk().bodyJson().isStrictlyEqualTo("{\"consuming\":false}");
        verify(container).pause();
        verify(container, atLeast(3)).isContainerPaused();
        verify(container, never()).resume();
    }

    @Test
    void postConsumingTrueResumesTheListener() {
        MvcTestResult result = mvc.post()
                .uri(URL)
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"consuming\": true}")
                .exchange();

        assertThat(result).hasStatusOk().bodyJson().isStrictlyEqualTo("{\"consuming\":true}");
        verify(container).resume();
        verify(container, never()).pause();
    }

    static Stream<Arguments> unusableConsumingBodies() {
        String example = "body must be a JSON object, e.g. {\"consuming\": false}";
        return Stream.of(
                Arguments.of("{}", "consuming", "consuming must be true or false; got nothing"),
                Arguments.of("{\"paused\": true}", "paused", "unknown field 'paused'; accepted: consuming"),
                Arguments.of("{\"consuming\": false, \"x\": 1}", "x", "unknown field 'x'; accepted: consuming"),
                Arguments.of("{\"consuming\": null}", "consuming", "consuming must be true or false; got null"),
                Arguments.of(
                        "{\"consuming\": \"maybe\"}", "consuming", "consuming must be true or false; got \"maybe\""),
                Arguments.of(
                        "{\"consuming\": \"false\"}", "consuming", "consuming must be true or false; got \"false\""),
                Arguments.of("{\"consuming\": \"yes\"}", "consuming", "consuming must be true or false; got \"yes\""),
                Arguments.of("{\"consuming\": 0}", "consuming", "consuming must be true or false; got 0"),
                Arguments.of("{\"consuming\": [false]}", "consuming", "consuming must be true or false; got [false]"),
                Arguments.of("{\"consuming\": true, \"consuming\": false}", "body", null),
                Arguments.of("{\"consuming\": ", "body", null),
                Arguments.of("not json", "body", null),
                Arguments.of("[true]", "body", null),
                Arguments.of("null", "body", example));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unusableConsumingBodies")
    void postWithoutAUsableConsumingValueIsRefusedWith400NamingTheFieldAndLeavesTheListenerAlone(
            String body, String field, String error) {
        MvcTestResult result = mvc.post()
                .uri(URL)
                .contentType(MediaType.APPLICATION_JSON)
                .content(body)
                .exchange();

        assertThat(result).hasStatus(HttpStatus.BAD_REQUEST);
        assertThat(result).bodyJson().extractingPath("$.field").isEqualTo(field);
        if (error != null) {
            assertThat(result).bodyJson().extractingPath("$.error").isEqualTo(error);
        } else {
            assertThat(result).bodyJson().extractingPath("$.error").asString().startsWith("body must be a JSON object");
        }
        verifyNoInteractions(container);
    }

    @Test
    void postWithoutABodyIsRefusedWith400AndLeavesTheListenerAlone() {
        MvcTestResult result =
                mvc.post().uri(URL).contentType(MediaType.APPLICATION_JSON).exchange();

        assertThat(result).hasStatus(HttpStatus.BAD_REQUEST);
        assertThat(result).bodyJson().extractingPath("$.field").isEqualTo("body");
        verifyNoInteractions(container);
    }

    @Test
    void postWhenTheListenerIsNotRegisteredAnswers503SayingSo() {
        when(listeners.getListenerContainer(ConsumerModes.BATCH_LISTENER)).thenReturn(null);

        MvcTestResult result = mvc.post()
                .uri(URL)
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"consuming\": false}")
                .exchange();

        assertThat(result).hasStatus(HttpStatus.SERVICE_UNAVAILABLE);
        assertThat(result)
                .bodyJson()
                .extractingPath("$.error")
                .isEqualTo("the batch listener container is not registered");
    }

    // ---------------------------------------------------------------- records

    /**
     * One producer, two phases. Linger 5/lz4 in the runner's phase 4: sequences 0 and 1 (1 ms and 1.5 ms after sending,
     * sequence 0 sent 0.1 ms late), 1 again at a new offset (a duplicate the producer wrote). Linger 0/zstd: 2, 4, 3 (behind 4 on
     * partition 1: out of order; sent 0.04 ms late), 6 (5 never arrives: pending), each 2 ms
     * after sending. Plus one record of each kind that is skipped.
     */
    private void recordTwoPhases() {
        recorder.record(header(0, T0, T0 + 100, 4), ORDER, "lab.orders", 0, 10, T0 + 1_100);
        recorder.record(header(1, T0 + 1_000, T0 + 1_000, 4), ORDER, "lab.orders", 0, 11, T0 + 2_500);
        recorder.record(header(1, T0 + 1_000, T0 + 1_000, 4), ORDER, "lab.orders", 0, 12, T0 + 3_000);
        recorder.record(header(2, T0 + 2_000, T0 + 2_000, 0), ORDER, "lab.orders", 1, 20, T0 + 4_000);
        recorder.record(header(4, T0 + 4_000, T0 + 4_000, 0), ORDER, "lab.orders", 1, 21, T0 + 6_000);
        recorder.record(header(3, T0 + 3_000, T0 + 3_040, 0), ORDER, "lab.orders", 1, 22, T0 + 5_040);
        recorder.record(header(6, T0 + 6_000, T0 + 6_000, 0), ORDER, "lab.orders", 2, 30, T0 + 8_000);
        recorder.record(null, ORDER, "lab.orders", 0, 13, T0 + 8_100);
        recorder.record("not a lab header".getBytes(StandardCharsets.US_ASCII), ORDER, "lab.orders", 0, 14, T0 + 8_200);
        recorder.record(
                header(7, T0 + 7_000, T0 + 7_000, 0),
                "not json".getBytes(StandardCharsets.US_ASCII),
                "lab.orders",
                0,
                15,
                T0 + 8_300);
    }

    private static byte[] header(long sequence, long intendedMicros, long sentMicros, int phase) {
        return LabHeader.encode(new RecordStamp(intendedMicros, sentMicros, sequence, PRODUCER, phase));
    }
}
