package dev.latencylab.consumer.modes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import dev.latencylab.api.latency.ConsumerDescription;
import dev.latencylab.api.settings.CommitMode;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.api.settings.ProcessingOrder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.InOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.ContainerProperties.AckMode;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import org.springframework.web.filter.FormContentFilter;

/**
 * {@code /actuator/consumer} over the real web mapping, with the two listener containers mocked:
 * which one is stopped, configured and started is what a switch does.
 */
@WebMvcTest(controllers = ConsumerEndpoint.class, properties = "server.address=127.0.0.1")
@Import(ConsumerEndpointTest.Modes.class)
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_EACH_TEST_METHOD)
class ConsumerEndpointTest {

    private static final String URL = "/actuator/consumer";
    static final KafkaListenerEndpointRegistry REGISTRY = mock(KafkaListenerEndpointRegistry.class);
    static final MessageListenerContainer BATCH = mock(MessageListenerContainer.class);
    static final MessageListenerContainer RECORD = mock(MessageListenerContainer.class);
    static final ContainerProperties RECORD_PROPERTIES = new ContainerProperties("lab.orders");

    @TestConfiguration
    static class Modes {
        @Bean
        SimpleMeterRegistry meters() {
            return new SimpleMeterRegistry();
        }

        @Bean
        ConsumerModes consumerModes(SimpleMeterRegistry meters) {
            return new ConsumerModes(
                    REGISTRY,
                    new ConsumerDescription("lab\\.orders", "g", Map.of()),
                    ConsumerSettings.DEFAULTS,
                    SettingsFile.none(),
                    UnusedShareGroup.reader(),
                    meters);
        }

        @Bean(destroyMethod = "close")
        BatchProcessing batchProcessing() {
            return new BatchProcessing();
        }
    }

    @Autowired
    private MockMvcTester mvc;

    @Autowired
    private ApplicationContext context;

    @Autowired
    private ConsumerModes modes;

    @Autowired
    private SimpleMeterRegistry meters;

    @BeforeEach
    void containers() {
        org.mockito.Mockito.reset(BATCH, RECORD);
        when(REGISTRY.getListenerContainer(ConsumerModes.BATCH_LISTENER)).thenReturn(BATCH);
        when(REGISTRY.getListenerContainer(ConsumerModes.RECORD_LISTENER)).thenReturn(RECORD);
        when(RECORD.getContainerProperties()).thenReturn(RECORD_PROPERTIES);
    }

    private MvcTestResult post(String body) {
        return mvc.post()
                .uri(URL)
                .contentType(MediaType.APPLICATION_JSON)
                .content(body)
                .exchange();
    }

    @Test
    void getShowsTheSettingsInEffect() {
        MvcTestResult result = mvc.get().uri(URL).exchange();

        assertThat(result).hasStatusOk();
        assertThat(result).bodyJson().extractingPath("$.settings.listener").isEqualTo("batch");
        assertThat(result)
                .bodyJson()
                .extractingPath("$.settings.commitIntervalMs")
                .isEqualTo(5000);
        assertThat(result).bodyJson().extractingPath("$.consuming").isEqualTo(true);
        assertThat(result)
                .bodyJson()
                .extractingPath("$.summary")
                .isEqualTo("batch 500, in-order, commit time 5000 ms async, no work");
    }

    @Test
    void processingChangesFromTheNextBatchWithoutRestartingTheConsumer() {
        MvcTestResult result = post("{\"processing\": \"per-key\", \"workers\": 50, \"workMicros\": 1000}");

        assertThat(result).hasStatusOk();
        assertThat(result).bodyJson().extractingPath("$.settings.processing").isEqualTo("per-key");
        assertThat(modes.settings().processing()).isEqualTo(ProcessingOrder.PER_KEY);
        verify(BATCH, never()).stop();
        verifyNoInteractions(RECORD);
    }

    @Test
    void aRecordListenerStopsTheBatchContainerAndStartsTheRecordOneConfiguredAndStillPaused() {
        when(BATCH.isPauseRequested()).thenReturn(true);

        MvcTestResult result = post("{\"listener\": \"record\", \"commit\": \"record\", \"commitSync\": true, "
                + "\"consumerConfig\": {\"fetch.max.wait.ms\": 100}}");

        assertThat(result).hasStatusOk();
        InOrder order = inOrder(BATCH, RECORD);
        order.verify(BATCH).stop();
        order.verify(RECORD).pause();
        order.verify(RECORD).start();
        assertThat(RECORD_PROPERTIES.getAckMode()).isEqualTo(AckMode.RECORD);
        assertThat(RECORD_PROPERTIES.isSyncCommits()).isTrue();
        assertThat(RECORD_PROPERTIES.getKafkaConsumerProperties())
                .containsEntry("fetch.max.wait.ms", "100")
                .containsEntry("interceptor.classes", PollClock.class.getName());
        assertThat(modes.settings().commit()).isEqualTo(CommitMode.RECORD);
        assertThat(meters.get("lab.consumer.settings.generation").gauge().value())
                .isEqualTo(1.0);
        assertThat(meters.get("lab.consumer.settings.info")
                        .tag("listener", "record")
                        .gauge()
                        .value())
                .isEqualTo(1.0);
    }

    @Test
    void aBadChangeIsA400NamingTheFieldWithNothingChanged() {
        MvcTestResult result = post("{\"processing\": \"per-key\", \"listener\": \"record\"}");

        assertThat(result).hasStatus(HttpStatus.BAD_REQUEST);
        assertThat(result).bodyJson().extractingPath("$.field").isEqualTo("processing");
        assertThat(modes.settings()).isEqualTo(ConsumerSettings.DEFAULTS);
        verifyNoInteractions(RECORD);
        verify(BATCH, never()).stop();

        assertThat(post("{\"maxPollRecords\": 50, \"maxPollRecords\": 300}")).hasStatus(HttpStatus.BAD_REQUEST);
        assertThat(post("{\"maxPollRecords\": \"50\"}"))
                .bodyJson()
                .extractingPath("$.error")
                .isEqualTo("maxPollRecords must be an integer from 1 to 100000; got \"50\"");
        assertThat(modes.settings()).isEqualTo(ConsumerSettings.DEFAULTS);
    }

    @Test
    void aBodyOver64KibIsA413WithItsReasonWithNothingChanged() {
        // A change the endpoint would take, but for the blanks that carry it past the bound.
        String body = "{\"processing\": \"per-key\"," + " ".repeat(64 * 1024) + "\"workers\": 50}";

        assertThat(post(body))
                .hasStatus(HttpStatus.CONTENT_TOO_LARGE)
                .bodyJson()
                .extractingPath("$.error")
                .isEqualTo("the request body has " + body.length() + " bytes; the lab's control endpoints take at"
                        + " most 65536 (64 KiB): a settings change is a few hundred");
        assertThat(modes.settings()).isEqualTo(ConsumerSettings.DEFAULTS);
        verifyNoInteractions(RECORD);
        verify(BATCH, never()).stop();
    }

    @Test
    void aLargeFormBodyIsRefusedUnreadForNoFilterParsesForms() throws Exception {
        // Spring's FormContentFilter, on by default, would read a form PUT whole before the bound.
        assertThat(context.getBeansOfType(FormContentFilter.class)).isEmpty();
        String body = "a=" + "x".repeat(1024 * 1024);

        MvcTestResult result = mvc.put()
                .uri("/anywhere")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .content(body)
                .exchange();

        assertThat(result).hasStatus(HttpStatus.CONTENT_TOO_LARGE);
        assertThat(result.getMvcResult().getRequest().getInputStream().read())
                .as("the body's first byte, still unread")
                .isEqualTo('a');
    }

    @Test
    void aPhasesKafkaPropertiesReachTheContainerAndLeaveItWithTheNextChange() {
        assertThat(post("{\"listener\": \"record\", \"consumerConfig\": {\"isolation.level\": \"read_committed\"}}"))
                .hasStatusOk()
                .bodyJson()
                .extractingPath("$.settings.consumerConfig")
                .isEqualTo(java.util.Map.of("isolation.level", "read_committed"));
        assertThat(RECORD_PROPERTIES.getKafkaConsumerProperties()).containsEntry("isolation.level", "read_committed");
        assertThat(modes.description().properties()).containsEntry("isolation.level", "read_committed");
        // The key the runner tells a share group by (its progress line never calls a share group's missing lost).
        assertThat(modes.description().settings()).containsEntry("listener", "record");
        assertThat(modes.description().shareGroup()).isFalse();

        when(RECORD.isRunning()).thenReturn(true);
        assertThat(post("{\"consumerConfig\": {}}")).hasStatusOk();
        assertThat(RECORD_PROPERTIES.getKafkaConsumerProperties())
                .doesNotContainKey("isolation.level")
                .containsEntry("interceptor.classes", PollClock.class.getName());
        assertThat(modes.description().properties()).isEmpty();
    }

    @Test
    void aKafkaPropertyTheConsumerDoesNotKnowOrTheLabSetsIsA400NamingIt() {
        assertThat(post("{\"consumerConfig\": {\"isolation.levels\": \"read_committed\"}}"))
                .hasStatus(HttpStatus.BAD_REQUEST)
                .bodyJson()
                .extractingPath("$.field")
                .isEqualTo("consumerConfig.isolation.levels");
        assertThat(post("{\"consumerConfig\": {\"max.poll.records\": 5}}"))
                .bodyJson()
                .extractingPath("$.error")
                .isEqualTo("consumerConfig.max.poll.records is set by the lab; use maxPollRecords instead");
        assertThat(modes.settings()).isEqualTo(ConsumerSettings.DEFAULTS);
        verify(BATCH, never()).stop();
    }
}
