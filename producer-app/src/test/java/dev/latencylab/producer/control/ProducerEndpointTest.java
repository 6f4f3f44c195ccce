package dev.latencylab.producer.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.ArgumentMatchers.isNull;
import static org.mockito.ArgumentMatchers.same;
import static org.mockito.Mockito.clearInvocations;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.producer.SenderCounters;
import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerChange;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.api.settings.SettingsLimits;
import dev.latencylab.producer.HeapBudget;
import dev.latencylab.producer.LabProducerProperties;
import dev.latencylab.producer.load.LoadGenerator;
import dev.latencylab.producer.load.LoadState;
import dev.latencylab.producer.topic.TopicCheck;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.apache.kafka.common.Uuid;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.mockito.ArgumentCaptor;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The producer's control endpoint over real HTTP mapping and JSON (MockMvc), with the sender
 * mocked: no Kafka. The slice reads producer-app.yml like the app does; the switch timeout is
 * made short so the 503 paths take a fraction of a second.
 */
@WebMvcTest(
        controllers = ProducerEndpoint.class,
        properties = {"spring.config.name=producer-app", "lab.producer.switch-timeout=200ms"})
// The slice leaves out @ConfigurationPropertiesScan's beans and @Components; the endpoint needs these.
@EnableConfigurationProperties(LabProducerProperties.class)
@Import(HeapBudget.class)
class ProducerEndpointTest {

    private static final String URL = "/actuator/producer";
    private static final String EXAMPLE = "body must be a JSON object, e.g. {\"lingerMs\": 5}";
    private static final String ACCEPTED_FIELDS =
            "accepted: abortEvery, acks, batchSize, compression, compressionLevel, header, keyStrategy,"
                    + " lingerMs, pacing, payload, payloadBytes, payloadFile, phase, phaseName, producerConfig, rate, running,"
                    + " stopAfterRecords, topic, transactionMs";
    private static final UUID PRODUCER_ID = UUID.fromString("5f0c2a44-1b2c-4d5e-8f90-a1b2c3d4e5f6");
    private static final SenderCounters COUNTERS = new SenderCounters(1_000, 990, 3, 999);
    private static final long GENERATION = 42;
    /** What the sender works to before a change; an accepted POST answers with the change applied on top of it. */
    private static final LoadState BEFORE = new LoadState(
            new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID), true, "lab.orders");

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    private MockMvcTester mvc;

    @MockitoBean
    private LoadGenerator generator;

    @MockitoBean
    private TopicCheck topics;

    @BeforeEach
    void senderTakesEveryChangeAtOnce() {
        // Only what the endpoint does counts: not the lifecycle processor's look at the (SmartLifecycle) mock.
        clearInvocations(generator);
        when(generator.state()).thenReturn(BEFORE);
        when(generator.status(any())).thenAnswer(call -> statusOf(call.getArgument(0)));
        when(generator.submit(any(), any()))
                .thenAnswer(call -> CompletableFuture.completedFuture(applied(call.getArgument(0))));
    }

    @Test
    void aCombinationTheSettingsRefuseIsA400WithNothingChanged() {
        assertThat(mvc.post()
                        .uri(URL)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"compression\": \"snappy\", \"compressionLevel\": 3}"))
                .hasStatus(HttpStatus.BAD_REQUEST)
                .bodyJson()
                .extractingPath("$.field")
                .isEqualTo("compressionLevel");
        verify(generator, never()).submit(any(), any());
    }

    @Test
    void recordsWithoutTheHeaderInANamedPhaseAreA400WithNothingChanged() {
        assertThat(mvc.post()
                        .uri(URL)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"header\": false, \"phase\": 5}"))
                .hasStatus(HttpStatus.BAD_REQUEST)
                .bodyJson()
                .extractingPath("$.field")
                .isEqualTo("header");
        verify(generator, never()).submit(any(), any());
    }

    @Test
    void headerFalseWithNoPhaseIsSubmittedAndShownInTheAnswer() {
        assertThat(mvc.post().uri(URL).contentType(MediaType.APPLICATION_JSON).content("{\"header\": false}"))
                .hasStatusOk()
                .bodyJson()
                .extractingPath("$.header")
                .isEqualTo(false);
        ArgumentCaptor<SettingsChange> submitted = ArgumentCaptor.forClass(SettingsChange.class);
        verify(generator).submit(submitted.capture(), any());
        assertThat(submitted.getValue().header()).isFalse();
    }

    @Test
    void aTopicTheClusterHasNotIsA400WithNothingChanged() {
        doThrow(new BadSettingsException("topic", "topic lab.nowhere does not exist"))
                .when(topics)
                .requireExists("lab.nowhere");

        assertThat(mvc.post().uri(URL).contentType(MediaType.APPLICATION_JSON).content("{\"topic\": \"lab.nowhere\"}"))
                .hasStatus(HttpStatus.BAD_REQUEST)
                .bodyJson()
                .extractingPath("$.field")
                .isEqualTo("topic");
        verify(generator, never()).submit(any(), any());
    }

    @Test
    void aStartNamesTheTopicsIdentitySoTheSenderCanTellATopicCreatedAgain() {
        Uuid id = Uuid.randomUuid();
        when(topics.requireExists("lab.orders")).thenReturn(id);

        assertThat(mvc.post().uri(URL).contentType(MediaType.APPLICATION_JSON).content("{\"running\": true}"))
                .hasStatusOk();

        verify(generator).submit(any(), eq(id));
    }

    @Test
    void aChangeThatNeitherStartsNorChangesTopicAsksTheClusterNothing() {
        assertThat(mvc.post().uri(URL).contentType(MediaType.APPLICATION_JSON).content("{\"lingerMs\": 20}"))
                .hasStatusOk();

        verify(generator).submit(any(), isNull());
        verifyNoInteractions(topics);
    }

    @Test
    void aTopicThatIsNotTheLabsIsA400BeforeTheClusterIsAskedAndNothingChanges() {
        assertThat(mvc.post().uri(URL).contentType(MediaType.APPLICATION_JSON).content("{\"topic\": \"payments\"}"))
                .hasStatus(HttpStatus.BAD_REQUEST)
                .bodyJson()
                .extractingPath("$.error")
                .asString()
                .contains("topic payments is not one of the lab's")
                .contains("lab.");
        verifyNoInteractions(topics);
        verify(generator, never()).submit(any(), any());
    }

    @Test
    void aPayloadFileTheSenderRefusesIsA400NamingIt() {
        // The sender reads the file itself, through its sample folder (SampleFolderTest); its refusal is a 400.
        doThrow(new BadSettingsException("payloadFile", "payloadFile /etc/hostname is outside scenarios/payloads"))
                .when(generator)
                .submit(any(), any());

        assertThat(mvc.post()
                        .uri(URL)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"payload\": \"sample\", \"payloadFile\": \"/etc/hostname\"}"))
                .hasStatus(HttpStatus.BAD_REQUEST)
                .bodyJson()
                .extractingPath("$.field")
                .isEqualTo("payloadFile");
    }

    // ---------------------------------------------------------------- GET

    @Test
    void getAnswersTheStatusWithSettingsAndCountersInTheContractsShape() {
        LoadState state = new LoadState(
                new ProducerSettings(20, 65_536, Compression.ZSTD, 2_500.5, 1_024, KeyStrategy.CUSTOMER_ID),
                false,
                "lab.orders");
        when(generator.state()).thenReturn(state);

        MvcTestResult result = mvc.get().uri(URL).exchange();

        assertThat(result).hasStatusOk().hasContentTypeCompatibleWith(MediaType.APPLICATION_JSON);
        assertThat(result)
                .bodyJson()
                .isStrictlyEqualTo(
                        """
                {"producerId":"5f0c2a44-1b2c-4d5e-8f90-a1b2c3d4e5f6","topic":"lab.orders","running":false,"generation":42,
                 "settings":{"lingerMs":20,"batchSize":65536,"compression":"zstd","rate":2500.5,
                             "payloadBytes":1024,"keyStrategy":"customer-id","payload":"words",
                             "acks":"all",
                             "transactionMs":0,"abortEvery":0,"pacing":"even"},
                 "phase":0,"counters":{"sent":1000,"acked":990,"failed":3,"lastSequence":999,"retries":0,"errors":0},
                 "phases":[],"header":true}""");
        verify(generator).status(same(state));
        verify(generator, never()).submit(any(), any());
    }

    @ParameterizedTest
    @EnumSource(Compression.class)
    void getShowsCompressionAsKafkasLowercaseName(Compression compression) {
        when(generator.state())
                .thenReturn(new LoadState(
                        new ProducerSettings(5, 16_384, compression, 1_000, 400, KeyStrategy.ORDER_ID),
                        true,
                        "lab.orders"));

        assertThat(mvc.get().uri(URL))
                .hasStatusOk()
                .bodyJson()
                .extractingPath("$.settings.compression")
                .isEqualTo(compression.name().toLowerCase());
    }

    @ParameterizedTest
    @EnumSource(KeyStrategy.class)
    void getShowsKeyStrategyAsTheContractsDashedLowercaseName(KeyStrategy keyStrategy) {
        when(generator.state())
                .thenReturn(new LoadState(
                        new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, keyStrategy),
                        true,
                        "lab.orders"));

        assertThat(mvc.get().uri(URL))
                .hasStatusOk()
                .bodyJson()
                .extractingPath("$.settings.keyStrategy")
                .isEqualTo(Map.of(
                                KeyStrategy.ORDER_ID,
                                "order-id",
                                KeyStrategy.CUSTOMER_ID,
                                "customer-id",
                                KeyStrategy.NONE,
                                "none")
                        .get(keyStrategy));
    }

    // ---------------------------------------------------------------- POST accepted

    static Stream<Arguments> acceptedBodies() {
        return Stream.of(
                accepted("{\"lingerMs\": 0}", lingerMs(0)),
                accepted("{\"lingerMs\": 10000}", lingerMs(10_000)),
                accepted("{\"batchSize\": 0}", batchSize(0)),
                accepted("{\"batchSize\": 16777216}", batchSize(16_777_216)),
                accepted("{\"compression\": \"none\"}", compression(Compression.NONE)),
                accepted("{\"compression\": \"gzip\"}", compression(Compression.GZIP)),
                accepted("{\"compression\": \"snappy\"}", compression(Compression.SNAPPY)),
                accepted("{\"compression\": \"lz4\"}", compression(Compression.LZ4)),
                accepted("{\"compression\": \"zstd\"}", compression(Compression.ZSTD)),
                accepted("{\"compression\": \"NONE\"}", compression(Compression.NONE)),
                accepted("{\"compression\": \"Gzip\"}", compression(Compression.GZIP)),
                accepted("{\"compression\": \"SNAPPY\"}", compression(Compression.SNAPPY)),
                accepted("{\"compression\": \"LZ4\"}", compression(Compression.LZ4)),
                accepted("{\"compression\": \"zStD\"}", compression(Compression.ZSTD)),
                accepted("{\"rate\": 0.1}", rate(0.1)),
                accepted("{\"rate\": 200000}", rate(200_000)),
                accepted("{\"rate\": 200000.0}", rate(200_000)),
                accepted("{\"rate\": 1234.5}", rate(1_234.5)),
                accepted("{\"payloadBytes\": 360}", payloadBytes(360)),
                accepted("{\"payloadBytes\": 100000}", payloadBytes(100_000)),
                accepted("{\"keyStrategy\": \"order-id\"}", keyStrategy(KeyStrategy.ORDER_ID)),
                accepted("{\"keyStrategy\": \"customer-id\"}", keyStrategy(KeyStrategy.CUSTOMER_ID)),
                accepted("{\"keyStrategy\": \"none\"}", keyStrategy(KeyStrategy.NONE)),
                accepted("{\"running\": true}", running(true)),
                accepted("{\"running\": false}", running(false)),
                accepted(
                        """
                        {"lingerMs": 100, "batchSize": 1048576, "compression": "lz4", "rate": 50000,
                         "payloadBytes": 2048, "keyStrategy": "none", "running": false}""",
                        change(100, 1_048_576, Compression.LZ4, 50_000.0, 2_048, KeyStrategy.NONE)
                                .running(false)),
                accepted("{\"phase\": 42}", SettingsChange.none().inPhase(42)),
                accepted("{\"phase\": 2147483647}", SettingsChange.none().inPhase(Integer.MAX_VALUE)),
                accepted("{\"phase\": 42, \"phaseName\": \"acks-1#2\"}", SettingsChange.phase(42, "acks-1#2")),
                accepted("{}", SettingsChange.none()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("acceptedBodies")
    void postOfAnAcceptedBodySubmitsExactlyThatChangeAndAnswersTheAppliedStatus(String body, SettingsChange expected) {
        MvcTestResult result = mvc.post()
                .uri(URL)
                .contentType(MediaType.APPLICATION_JSON)
                .content(body)
                .exchange();

        assertThat(result).hasStatusOk().hasContentTypeCompatibleWith(MediaType.APPLICATION_JSON);
        ArgumentCaptor<SettingsChange> submitted = ArgumentCaptor.forClass(SettingsChange.class);
        verify(generator).submit(submitted.capture(), any());
        assertThat(submitted.getValue()).isEqualTo(expected);
        verify(generator, never()).withdraw(any());
        // The answer is the state the sender applied, not the one before the change.
        LoadState after = applied(expected);
        verify(generator).status(after);
        Map<String, Object> expectedJson = new java.util.HashMap<>(Map.of(
                "producerId", PRODUCER_ID.toString(),
                "topic", "lab.orders",
                "running", after.running(),
                "generation", (int) GENERATION,
                "settings", expectedSettingsJson(after.settings()),
                "phase", after.phase(),
                "counters",
                        Map.of("sent", 1000, "acked", 990, "failed", 3, "lastSequence", 999, "retries", 0, "errors", 0),
                "phases", List.of(),
                "header", after.header()));
        // A change by hand names its phase after itself; one that names a phase, or none, has no name here.
        if (after.phaseName() != null) {
            expectedJson.put("phaseName", after.phaseName());
        }
        assertThat(json(result)).isEqualTo(expectedJson);
    }

    @Test
    void postAnswersWithTheAppliedSettingsInTheirContractSpellingWhateverCaseWasSent() {
        assertThat(mvc.post()
                        .uri(URL)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"compression\": \"LZ4\", \"keyStrategy\": \"customer-id\", \"rate\": 0.1}"))
                .hasStatusOk()
                .bodyJson()
                .isStrictlyEqualTo(
                        """
                        {"producerId":"5f0c2a44-1b2c-4d5e-8f90-a1b2c3d4e5f6","topic":"lab.orders","running":true,"generation":42,
                         "settings":{"lingerMs":5,"batchSize":16384,"compression":"lz4","rate":0.1,
                                     "payloadBytes":400,"keyStrategy":"customer-id","payload":"words",
                                     "acks":"all",
                             "transactionMs":0,"abortEvery":0,"pacing":"even"},
                         "phase":2000000000,"phaseName":"by hand: compression=lz4 rate=0.1 keyStrategy=customer-id",
                         "counters":{"sent":1000,"acked":990,"failed":3,"lastSequence":999,"retries":0,
                         "errors":0},"phases":[],"header":true}""");
    }

    @Test
    void aBodyThatIsNotDeclaredJsonIsRefusedAndChangesNothing() {
        // A web page can send text/plain without asking first: only application/json is taken.
        assertThat(mvc.post().uri(URL).contentType(MediaType.TEXT_PLAIN).content("{\"lingerMs\": 7}"))
                .hasStatus(HttpStatus.UNSUPPORTED_MEDIA_TYPE);
        assertThat(mvc.post().uri(URL).content("{\"lingerMs\": 7}")).hasStatus(HttpStatus.UNSUPPORTED_MEDIA_TYPE);
        verify(generator, never()).submit(any(), any());
    }

    @Test
    void aChangeFromAWebPageOrToAnotherHostNameIsRefusedAndChangesNothing() {
        assertThat(mvc.post()
                        .uri(URL)
                        .header("Origin", "https://evil.example")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"payload\": \"sample\", \"payloadFile\": \"/etc/shadow\"}"))
                .hasStatus(HttpStatus.FORBIDDEN)
                .bodyJson()
                .extractingPath("$.error")
                .asString()
                .contains("Origin: https://evil.example");
        assertThat(mvc.post()
                        .uri(URL)
                        .header("Host", "rebound.evil.example:8080")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"running\": false}"))
                .hasStatus(HttpStatus.FORBIDDEN);
        verify(generator, never()).submit(any(), any());
        // A read needs a loopback Host too: a rebound page could read the answer.
        assertThat(mvc.get().uri(URL).header("Host", "rebound.evil.example:8080"))
                .hasStatus(HttpStatus.FORBIDDEN);
        assertThat(mvc.get().uri(URL).header("Host", "127.0.0.1:8080")).hasStatusOk();
        assertThat(mvc.get().uri(URL).header("Origin", "https://evil.example")).hasStatusOk();
    }

    // ---------------------------------------------------------------- POST refused

    static Stream<Arguments> refusedBodies() {
        return Stream.of(
                // each range, just outside at both ends
                refused("{\"lingerMs\": -1}", "lingerMs", "lingerMs must be an integer from 0 to 10000; got -1"),
                refused("{\"phase\": -1}", "phase", "phase must be an integer from 0 to 2147483647; got -1"),
                refused("{\"phase\": \"3\"}", "phase", "phase must be an integer from 0 to 2147483647; got \"3\""),
                refused("{\"phase\": 1.5}", "phase", "phase must be an integer from 0 to 2147483647; got 1.5"),
                refused(
                        "{\"producerConfig\": {\"max.requests.size\": 1}}",
                        "producerConfig.max.requests.size",
                        "producerConfig.max.requests.size: the Kafka producer has no property max.requests.size (see"
                                + " ProducerConfig)"),
                refused(
                        "{\"producerConfig\": {\"linger.ms\": 1}}",
                        "producerConfig.linger.ms",
                        "producerConfig.linger.ms is set by the lab; use lingerMs instead"),
                refused(
                        "{\"producerConfig\": [\"retries\"]}",
                        "producerConfig",
                        "producerConfig must be a mapping of Kafka property names to values; got [retries]"),
                refused(
                        "{\"phase\": 3, \"phaseName\": \"a b\"}",
                        "phaseName",
                        SettingsLimits.PHASE_NAME_RULE + "; got \"a b\""),
                refused(
                        "{\"phase\": 3, \"phaseName\": \"" + "x".repeat(101) + "\"}",
                        "phaseName",
                        SettingsLimits.PHASE_NAME_RULE + "; got \"" + "x".repeat(101) + "\""),
                refused("{\"lingerMs\": 10001}", "lingerMs", "lingerMs must be an integer from 0 to 10000; got 10001"),
                refused("{\"batchSize\": -1}", "batchSize", "batchSize must be an integer from 0 to 16777216; got -1"),
                refused(
                        "{\"batchSize\": 16777217}",
                        "batchSize",
                        "batchSize must be an integer from 0 to 16777216; got 16777217"),
                refused(
                        "{\"rate\": 0.099}",
                        "rate",
                        "rate must be a number of records/s from 0.1 to 200000, or \"unthrottled\" (or -1); got 0.099"),
                refused(
                        "{\"rate\": 0}",
                        "rate",
                        "rate must be a number of records/s from 0.1 to 200000, or \"unthrottled\" (or -1); got 0"),
                refused(
                        "{\"rate\": -5}",
                        "rate",
                        "rate must be a number of records/s from 0.1 to 200000, or \"unthrottled\" (or -1); got -5"),
                refused(
                        "{\"rate\": 200000.01}",
                        "rate",
                        "rate must be a number of records/s from 0.1 to 200000, or \"unthrottled\" (or -1); got 200000.01"),
                refused(
                        "{\"rate\": 1e400}",
                        "rate",
                        "rate must be a number of records/s from 0.1 to 200000, or \"unthrottled\" (or -1); got Infinity"),
                refused(
                        "{\"payloadBytes\": 359}",
                        "payloadBytes",
                        "payloadBytes must be an integer from 360 to 100000; got 359"),
                refused(
                        "{\"payloadBytes\": 100001}",
                        "payloadBytes",
                        "payloadBytes must be an integer from 360 to 100000; got 100001"),
                refused(
                        "{\"compression\": \"brotli\"}",
                        "compression",
                        "compression must be one of none, gzip, snappy, lz4, zstd; got \"brotli\""),
                refused(
                        "{\"compression\": \"\"}",
                        "compression",
                        "compression must be one of none, gzip, snappy, lz4, zstd; got \"\""),
                refused(
                        "{\"keyStrategy\": \"random\"}",
                        "keyStrategy",
                        "keyStrategy must be one of order-id, customer-id, none; got \"random\""),
                // wrong JSON types
                refused("{\"lingerMs\": \"5\"}", "lingerMs", "lingerMs must be an integer from 0 to 10000; got \"5\""),
                refused(
                        "{\"batchSize\": \"16384\"}",
                        "batchSize",
                        "batchSize must be an integer from 0 to 16777216; got \"16384\""),
                refused(
                        "{\"payloadBytes\": \"400\"}",
                        "payloadBytes",
                        "payloadBytes must be an integer from 360 to 100000; got \"400\""),
                refused(
                        "{\"rate\": \"1000\"}",
                        "rate",
                        "rate must be a number of records/s from 0.1 to 200000, or \"unthrottled\" (or -1); got \"1000\""),
                refused("{\"lingerMs\": 2.5}", "lingerMs", "lingerMs must be an integer from 0 to 10000; got 2.5"),
                refused("{\"lingerMs\": 5.0}", "lingerMs", "lingerMs must be an integer from 0 to 10000; got 5.0"),
                refused(
                        "{\"batchSize\": 1e3}",
                        "batchSize",
                        "batchSize must be an integer from 0 to 16777216; got 1000.0"),
                refused(
                        "{\"payloadBytes\": 400.5}",
                        "payloadBytes",
                        "payloadBytes must be an integer from 360 to 100000; got 400.5"),
                refused(
                        "{\"batchSize\": 4294967296}",
                        "batchSize",
                        "batchSize must be an integer from 0 to 16777216; got 4294967296"),
                refused(
                        "{\"lingerMs\": 99999999999999999999}",
                        "lingerMs",
                        "lingerMs must be an integer from 0 to 10000; got 99999999999999999999"),
                refused("{\"lingerMs\": true}", "lingerMs", "lingerMs must be an integer from 0 to 10000; got true"),
                refused("{\"lingerMs\": null}", "lingerMs", "lingerMs must be an integer from 0 to 10000; got null"),
                refused("{\"lingerMs\": [5]}", "lingerMs", "lingerMs must be an integer from 0 to 10000; got [5]"),
                refused(
                        "{\"rate\": true}",
                        "rate",
                        "rate must be a number of records/s from 0.1 to 200000, or \"unthrottled\" (or -1); got true"),
                refused(
                        "{\"compression\": 3}",
                        "compression",
                        "compression must be one of none, gzip, snappy, lz4, zstd; got 3"),
                refused(
                        "{\"compression\": null}",
                        "compression",
                        "compression must be one of none, gzip, snappy, lz4, zstd; got null"),
                refused(
                        "{\"keyStrategy\": 1}",
                        "keyStrategy",
                        "keyStrategy must be one of order-id, customer-id, none; got 1"),
                refused("{\"running\": \"true\"}", "running", "running must be true or false; got \"true\""),
                refused("{\"running\": 1}", "running", "running must be true or false; got 1"),
                refused("{\"running\": null}", "running", "running must be true or false; got null"),
                // unknown fields, also next to valid ones, and names are case-sensitive
                refused("{\"linger\": 5}", "linger", "unknown field 'linger'; " + ACCEPTED_FIELDS),
                refused(
                        "{\"lingerMs\": 5, \"acks\": 0}",
                        "acks",
                        "acks must be one of all, 1 (0 is refused: records sent with acks=0 get no offset to account"
                                + " for); got 0"),
                refused("{\"LingerMs\": 5}", "LingerMs", "unknown field 'LingerMs'; " + ACCEPTED_FIELDS),
                // the first field at fault is named: unknown names first, then the settings in their order
                refused("{\"lingerMs\": -1, \"zzz\": 1}", "zzz", "unknown field 'zzz'; " + ACCEPTED_FIELDS),
                refused(
                        "{\"running\": \"x\", \"payloadBytes\": 1, \"lingerMs\": -1}",
                        "lingerMs",
                        "lingerMs must be an integer from 0 to 10000; got -1"),
                // one bad field refuses the whole change, valid fields included
                refused(
                        "{\"lingerMs\": 5, \"compression\": \"lz4\", \"rate\": 0}",
                        "rate",
                        "rate must be a number of records/s from 0.1 to 200000, or \"unthrottled\" (or -1); got 0"),
                // not a JSON object at all
                refused("", "body", EXAMPLE),
                refused("   \n ", "body", EXAMPLE),
                refused("null", "body", EXAMPLE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedBodies")
    void postOfARefusedBodyAnswers400NamingTheFieldAndSubmitsNothing(String body, String field, String error) {
        MvcTestResult result = mvc.post()
                .uri(URL)
                .contentType(MediaType.APPLICATION_JSON)
                .content(body)
                .exchange();

        assertThat(result).hasStatus(HttpStatus.BAD_REQUEST).hasContentTypeCompatibleWith(MediaType.APPLICATION_JSON);
        assertThat(json(result)).containsOnly(entry("field", field), entry("error", error));
        verifyNoInteractions(generator);
    }

    @Test
    void postWithoutAnyBodyIsRefusedWithTheExample() {
        MvcTestResult result = mvc.post().uri(URL).exchange();

        assertThat(result).hasStatus(HttpStatus.BAD_REQUEST);
        assertThat(json(result)).containsOnly(entry("field", "body"), entry("error", EXAMPLE));
        verifyNoInteractions(generator);
    }

    /** Bodies Jackson itself refuses: the error is the example followed by Jackson's reason. */
    static Stream<Arguments> unparsableBodies() {
        return Stream.of(
                Arguments.of("{\"lingerMs\": 1, \"lingerMs\": 2}", "Duplicate"),
                Arguments.of("{\"lingerMs\": 5, \"rate\": 10, \"lingerMs\": 5}", "Duplicate"),
                Arguments.of("{\"lingerMs\": ", "end-of-input"),
                Arguments.of("{\"lingerMs\": 5", "end-of-input"),
                Arguments.of("{lingerMs: 5}", "Unexpected character"),
                Arguments.of("{'lingerMs': 5}", "Unexpected character"),
                Arguments.of("{\"lingerMs\": 5,}", "Unexpected character"),
                Arguments.of("{\"lingerMs\": 05}", "Leading zeroes not allowed"),
                Arguments.of("{\"lingerMs\": 5 /* ms */}", "comment"),
                Arguments.of("{\"rate\": NaN}", "Non-standard token 'NaN'"),
                Arguments.of("lingerMs=5", "Unrecognized token"),
                // a second value after the object is not silently dropped
                Arguments.of("{\"lingerMs\": 5} {\"lingerMs\": 6}", "Trailing token"),
                Arguments.of("{\"lingerMs\": 5} garbage", "Unrecognized token 'garbage'"),
                Arguments.of("[]", "from Array value"),
                Arguments.of("[{\"lingerMs\": 5}]", "from Array value"),
                Arguments.of("5", "from Integer value"),
                Arguments.of("\"lingerMs\"", "from String value"),
                Arguments.of("true", "from Boolean value"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unparsableBodies")
    void postOfMalformedOrNonObjectJsonAnswers400ForTheBodyAndSubmitsNothing(String body, String reason) {
        MvcTestResult result = mvc.post()
                .uri(URL)
                .contentType(MediaType.APPLICATION_JSON)
                .content(body)
                .exchange();

        assertThat(result).hasStatus(HttpStatus.BAD_REQUEST).hasContentTypeCompatibleWith(MediaType.APPLICATION_JSON);
        Map<String, Object> answer = json(result);
        assertThat(answer).containsOnlyKeys("field", "error").containsEntry("field", "body");
        assertThat((String) answer.get("error")).startsWith(EXAMPLE + "; ").contains(reason);
        verifyNoInteractions(generator);
    }

    @Test
    void duplicateKeyIsRefusedNamingTheKeyRatherThanTakingTheLastValue() {
        MvcTestResult result = mvc.post()
                .uri(URL)
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"lingerMs\": 99999, \"lingerMs\": 5}")
                .exchange();

        assertThat(result).hasStatus(HttpStatus.BAD_REQUEST);
        assertThat(json(result))
                .containsOnly(
                        entry("field", "body"), entry("error", EXAMPLE + "; Duplicate Object property \"lingerMs\""));
        verifyNoInteractions(generator);
    }

    // ---------------------------------------------------------------- POST when the sender does not take the change

    @Test
    void postAnswers503AndWithdrawsTheChangeWhenTheSenderDoesNotTakeItWithinTheSwitchTimeout() {
        CompletableFuture<LoadState> neverTaken = new CompletableFuture<>();
        doReturn(neverTaken).when(generator).submit(any(), any());
        when(generator.withdraw(neverTaken)).thenReturn(true);

        long start = System.nanoTime();
        MvcTestResult result = mvc.post()
                .uri(URL)
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"lingerMs\": 50}")
                .exchange();
        long tookMillis = (System.nanoTime() - start) / 1_000_000;

        assertThat(result)
                .hasStatus(HttpStatus.SERVICE_UNAVAILABLE)
                .hasContentTypeCompatibleWith(MediaType.APPLICATION_JSON);
        assertThat(json(result))
                .containsOnly(entry("error", "the sender did not take the change within PT0.2S; nothing was changed"));
        assertThat(tookMillis)
                .as("waited the configured switch timeout, not the 30 s default")
                .isBetween(200L, 10_000L);
        verify(generator).submit(eq(lingerMs(50)), any());
        verify(generator).withdraw(same(neverTaken));
        verify(generator, never()).status(any());
    }

    @Test
    void postAnswersTheOutcomeWhenTheChangeCouldNotBeWithdrawnBecauseItWasBeingApplied() {
        CompletableFuture<LoadState> beingApplied = new CompletableFuture<>();
        LoadState after = applied(lingerMs(50));
        doReturn(beingApplied).when(generator).submit(any(), any());
        when(generator.withdraw(beingApplied)).thenAnswer(call -> {
            beingApplied.complete(after); // the sender finishes applying it just after the timeout
            return false;
        });

        MvcTestResult result = mvc.post()
                .uri(URL)
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"lingerMs\": 50}")
                .exchange();

        assertThat(result)
                .hasStatusOk()
                .bodyJson()
                .extractingPath("$.settings.lingerMs")
                .isEqualTo(50);
        verify(generator).withdraw(same(beingApplied));
        verify(generator).status(after);
    }

    @Test
    void postAnswers503WhenAChangeBeingAppliedIsStillNotInEffectAfterTwiceTheSwitchTimeout() {
        CompletableFuture<LoadState> stuck = new CompletableFuture<>();
        doReturn(stuck).when(generator).submit(any(), any());
        when(generator.withdraw(stuck)).thenReturn(false);
        when(generator.counters()).thenReturn(new SenderCounters(1_000, 870, 30, 999, 412L, 0L));

        MvcTestResult result = mvc.post()
                .uri(URL)
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"running\": false}")
                .exchange();

        assertThat(result).hasStatus(HttpStatus.SERVICE_UNAVAILABLE);
        assertThat(json(result))
                .containsOnly(entry(
                        "error",
                        "the change is still being applied after PT0.4S (100 records sent and not yet answered,"
                                + " 412 sends retried so far); GET /actuator/producer shows when it is in effect"));
        verify(generator).withdraw(same(stuck));
        verify(generator, never()).status(any());
    }

    @Test
    void postAnswers500WithTheCauseWhenApplyingTheChangeFailed() {
        doReturn(CompletableFuture.failedFuture(new IllegalStateException("the producer is shutting down")))
                .when(generator)
                .submit(any(), any());

        MvcTestResult result = mvc.post()
                .uri(URL)
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"running\": true}")
                .exchange();

        assertThat(result).hasStatus(HttpStatus.INTERNAL_SERVER_ERROR);
        assertThat(json(result))
                .containsOnly(entry("error", "applying the change failed: the producer is shutting down"));
        verify(generator, never()).withdraw(any());
    }

    // ---------------------------------------------------------------- helpers

    private static Arguments accepted(String body, SettingsChange change) {
        return Arguments.of(body, change);
    }

    private static Arguments refused(String body, String field, String error) {
        return Arguments.of(body, field, error);
    }

    /** What the real sender would apply: the change on top of {@link #BEFORE}. */
    private static LoadState applied(SettingsChange change) {
        return BEFORE.apply(change);
    }

    private static ProducerStatus statusOf(LoadState state) {
        return new ProducerStatus(
                PRODUCER_ID,
                "lab.orders",
                state.running(),
                GENERATION,
                state.settings(),
                state.phase(),
                state.phaseName(),
                COUNTERS,
                List.of(),
                state.header(),
                null);
    }

    /** The contract's JSON of the settings, written out by hand rather than by the serializer under test. */
    private static Map<String, Object> expectedSettingsJson(ProducerSettings s) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("lingerMs", s.lingerMs());
        json.put("batchSize", s.batchSize());
        json.put("compression", s.compression().name().toLowerCase());
        json.put("rate", s.rate());
        json.put("payloadBytes", s.payloadBytes());
        json.put("keyStrategy", s.keyStrategy().name().toLowerCase().replace('_', '-'));
        json.put("payload", s.payload().name().toLowerCase().replace('_', '-'));
        if (s.payloadFile() != null) {
            json.put("payloadFile", s.payloadFile());
        }
        if (s.compressionLevel() != null) {
            json.put("compressionLevel", s.compressionLevel());
        }
        json.put("acks", s.acks().kafkaValue());
        json.put("transactionMs", s.transactionMs());
        json.put("abortEvery", s.abortEvery());
        json.put("pacing", s.pacing().label());
        return json;
    }

    private static Map<String, Object> json(MvcTestResult result) {
        try {
            return JSON.readValue(
                    result.getResponse().getContentAsString(), new TypeReference<Map<String, Object>>() {});
        } catch (java.io.UnsupportedEncodingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A change of the settings every phase gives (null: as it is), made without the reader under test. */
    private static SettingsChange change(
            Integer linger, Integer batch, Compression codec, Double rate, Integer bytes, KeyStrategy keys) {
        return SettingsChange.of(new ProducerChange(
                linger, batch, codec, null, rate, bytes, keys, null, null, null, null, null, null, null));
    }

    private static SettingsChange lingerMs(int value) {
        return change(value, null, null, null, null, null);
    }

    private static SettingsChange batchSize(int value) {
        return change(null, value, null, null, null, null);
    }

    private static SettingsChange compression(Compression value) {
        return change(null, null, value, null, null, null);
    }

    private static SettingsChange rate(double value) {
        return change(null, null, null, value, null, null);
    }

    private static SettingsChange payloadBytes(int value) {
        return change(null, null, null, null, value, null);
    }

    private static SettingsChange keyStrategy(KeyStrategy value) {
        return change(null, null, null, null, null, value);
    }

    private static SettingsChange running(boolean value) {
        return SettingsChange.none().running(value);
    }
}
