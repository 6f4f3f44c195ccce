package dev.latencylab.producer.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.clearInvocations;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.producer.HeapBudget;
import dev.latencylab.producer.LabProducerProperties;
import dev.latencylab.producer.load.LoadGenerator;
import dev.latencylab.producer.load.LoadState;
import dev.latencylab.producer.topic.TopicCheck;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.ApplicationContext;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.convention.TestBean;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.web.filter.FormContentFilter;

/**
 * What the producer's control endpoint refuses for the memory it would take: a buffer.memory over its
 * share of the app's heap (a small heap here, given, not allocated) and a body over 64 KiB. The
 * sender is mocked: no Kafka. A form body is no way around the bound.
 */
@WebMvcTest(controllers = ProducerEndpoint.class, properties = "spring.config.name=producer-app")
@EnableConfigurationProperties(LabProducerProperties.class)
class ProducerEndpointLimitsTest {

    private static final String URL = "/actuator/producer";
    /** A third of it is 104857600 bytes (100 MiB), the most buffer.memory this app takes. */
    private static final long MAX_HEAP = 3L * 100 * 1024 * 1024;

    private static final LoadState BEFORE = new LoadState(
            new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID), true, "lab.orders");

    @Autowired
    private MockMvcTester mvc;

    @Autowired
    private ApplicationContext context;

    @MockitoBean
    private LoadGenerator generator;

    @MockitoBean
    private TopicCheck topics;

    @TestBean
    private HeapBudget heap;

    static HeapBudget heap() {
        return new HeapBudget(MAX_HEAP);
    }

    @BeforeEach
    void senderTakesEveryChangeAtOnce() {
        clearInvocations(generator);
        when(generator.state()).thenReturn(BEFORE);
        when(generator.submit(any(), any())).thenReturn(CompletableFuture.completedFuture(BEFORE));
    }

    @Test
    void bufferMemoryOverAThirdOfTheHeapIsA400NamingTheFieldAndTheBoundWithNothingChanged() {
        assertThat(post("{\"producerConfig\": {\"buffer.memory\": 104857601}}"))
                .hasStatus(HttpStatus.BAD_REQUEST)
                .bodyJson()
                .isLenientlyEqualTo("{\"field\": \"producerConfig.buffer.memory\", \"error\":"
                        + " \"producerConfig.buffer.memory must be at most 104857600"
                        + " bytes here, a third of the producer-app's max heap of 314572800 bytes (-Xmx;"
                        + " LAB_APP_JAVA_OPTS with scripts/lab): the Kafka client may fill all of it with batches;"
                        + " got 104857601\"}");
        verify(generator, never()).submit(any(), any());
    }

    @Test
    void bufferMemoryOfAThirdOfTheHeapIsTaken() {
        assertThat(post("{\"producerConfig\": {\"buffer.memory\": \" 104857600\"}}"))
                .hasStatusOk();
        verify(generator).submit(any(), any());
    }

    @Test
    void aBodyOver64KibIsA413WithItsReasonWithNothingChanged() {
        String body = "{\"phaseName\": \"" + "x".repeat(64 * 1024) + "\"}";

        assertThat(post(body))
                .hasStatus(HttpStatus.CONTENT_TOO_LARGE)
                .bodyJson()
                .extractingPath("$.error")
                .isEqualTo("the request body has " + body.length() + " bytes; the lab's control endpoints take at"
                        + " most 65536 (64 KiB): a settings change is a few hundred");
        verify(generator, never()).submit(any(), any());
    }

    @Test
    void aLargeFormBodyIsRefusedUnreadForNoFilterParsesForms() throws Exception {
        // Spring's FormContentFilter, on by default, would read a form PUT whole before the bound.
        assertThat(context.getBeansOfType(FormContentFilter.class)).isEmpty();
        String body = "a=" + "x".repeat(1024 * 1024);

        var result = mvc.put()
                .uri("/anywhere")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .content(body)
                .exchange();

        assertThat(result).hasStatus(HttpStatus.CONTENT_TOO_LARGE);
        assertThat(result.getMvcResult().getRequest().getInputStream().read())
                .as("the body's first byte, still unread")
                .isEqualTo('a');
    }

    private org.springframework.test.web.servlet.assertj.MvcTestResult post(String body) {
        return mvc.post()
                .uri(URL)
                .contentType(MediaType.APPLICATION_JSON)
                .content(body)
                .exchange();
    }
}
