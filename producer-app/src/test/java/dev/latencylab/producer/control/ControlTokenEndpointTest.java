package dev.latencylab.producer.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.clearInvocations;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.producer.SenderCounters;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.producer.HeapBudget;
import dev.latencylab.producer.LabProducerProperties;
import dev.latencylab.producer.load.LoadGenerator;
import dev.latencylab.producer.load.LoadState;
import dev.latencylab.producer.topic.TopicCheck;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The producer's control endpoint as an app beyond loopback takes it (forced with
 * {@code lab.control.require-token}, the slice listening nowhere): without its token, or with another, a
 * change is a 401 and reaches nothing; with it, the change is made; health stays open.
 */
@WebMvcTest(
        controllers = ProducerEndpoint.class,
        properties = {"spring.config.name=producer-app", "lab.control.require-token=true"})
@EnableConfigurationProperties(LabProducerProperties.class)
@Import({HeapBudget.class, ControlTokenEndpointTest.Health.class})
class ControlTokenEndpointTest {

    private static final String TOKEN = "s3cret-token-of-the-stack-0123456789";
    private static final String URL = "/actuator/producer";
    private static final String CHANGE = "{\"lingerMs\": 20}";
    private static final LoadState BEFORE = new LoadState(
            new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID), true, "lab.orders");

    @Autowired
    private MockMvcTester mvc;

    @MockitoBean
    private LoadGenerator generator;

    @MockitoBean
    private TopicCheck topics;

    @DynamicPropertySource
    static void tokenFile(DynamicPropertyRegistry registry) {
        registry.add("lab.control.token-file", ControlTokenEndpointTest::writeToken);
    }

    private static String writeToken() {
        try {
            Path file = Files.createTempFile(
                    "lab-token",
                    "",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            file.toFile().deleteOnExit();
            Files.writeString(file, TOKEN + "\n");
            return file.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @BeforeEach
    void senderTakesEveryChangeAtOnce() {
        clearInvocations(generator);
        when(generator.state()).thenReturn(BEFORE);
        when(generator.status(any())).thenAnswer(call -> status(call.getArgument(0)));
        when(generator.submit(any(), any()))
                .thenAnswer(call -> CompletableFuture.completedFuture(BEFORE.apply(call.getArgument(0))));
    }

    @Test
    void aChangeWithoutTheTokenIsA401AndChangesNothing() {
        assertThat(mvc.post().uri(URL).contentType(MediaType.APPLICATION_JSON).content(CHANGE))
                .hasStatus(HttpStatus.UNAUTHORIZED)
                .hasHeader("WWW-Authenticate", "Bearer")
                .bodyJson()
                .extractingPath("$.error")
                .asString()
                .contains("Authorization: Bearer <token>");
        verify(generator, never()).submit(any(), any());
    }

    @Test
    void aChangeWithAnotherTokenIsA401AndChangesNothing() {
        assertThat(mvc.post()
                        .uri(URL)
                        .header("Authorization", "Bearer " + TOKEN + "x")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(CHANGE))
                .hasStatus(HttpStatus.UNAUTHORIZED);
        assertThat(mvc.get().uri(URL).header("Authorization", "Bearer not-it")).hasStatus(HttpStatus.UNAUTHORIZED);
        verify(generator, never()).submit(any(), any());
    }

    @Test
    void aChangeWithTheTokenIsMadeWhateverHostItNames() {
        assertThat(mvc.post()
                        .uri("http://10.1.2.3:8080" + URL)
                        .header("Authorization", "Bearer " + TOKEN)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(CHANGE))
                .hasStatusOk()
                .bodyJson()
                .extractingPath("$.settings.lingerMs")
                .isEqualTo(20);
        verify(generator).submit(any(SettingsChange.class), any());
    }

    @Test
    void aWebPageIsStillRefusedEvenWithTheToken() {
        assertThat(mvc.post()
                        .uri(URL)
                        .header("Authorization", "Bearer " + TOKEN)
                        .header("Origin", "http://evil.example")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(CHANGE))
                .hasStatus(HttpStatus.FORBIDDEN);
        verify(generator, never()).submit(any(), any());
    }

    @Test
    void healthNeedsNoToken() {
        assertThat(mvc.get().uri("/actuator/health")).hasStatusOk();
    }

    /** The slice has no actuator: health's path answered by a stand-in, past the filters as the real one is. */
    @RestController
    static class Health {
        @GetMapping("/actuator/health")
        String health() {
            return "{\"status\":\"UP\"}";
        }
    }

    private static ProducerStatus status(LoadState state) {
        return new ProducerStatus(
                UUID.fromString("5f0c2a44-1b2c-4d5e-8f90-a1b2c3d4e5f6"),
                "lab.orders",
                state.running(),
                1,
                state.settings(),
                state.phase(),
                state.phaseName(),
                new SenderCounters(0, 0, 0, -1),
                List.of(),
                state.header(),
                null);
    }
}
