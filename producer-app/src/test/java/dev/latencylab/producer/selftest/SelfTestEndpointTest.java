package dev.latencylab.producer.selftest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.selftest.SelfTestHooks;
import dev.latencylab.app.selftest.SelfTestEndpoint;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

/** The producer's self-test hook: off by default (403, nothing armed), exact when on. */
class SelfTestEndpointTest {

    @Nested
    @WebMvcTest(controllers = SelfTestEndpoint.class, properties = "spring.config.name=producer-app")
    @Import({SelfTestEndpoint.class, DuplicatedRecords.class, SenderPause.class})
    class Off {
        @Autowired
        MockMvcTester mvc;

        @Autowired
        DuplicatedRecords duplicated;

        @Test
        void anAppStartedWithoutTheSelfTestRefusesAndWritesNothingTwice() {
            assertThat(mvc.post()
                            .uri(SelfTestHooks.PATH)
                            .contentType(MediaType.APPLICATION_JSON)
                            .content("{\"duplicate\": 5}"))
                    .hasStatus(HttpStatus.FORBIDDEN);
            assertThat(duplicated.writeAgain()).isFalse();
            // The runner asks for "enabled" before it injects anything (its selftest refuses to start without).
            assertThat(mvc.get().uri(SelfTestHooks.PATH))
                    .bodyJson()
                    .extractingPath("$.enabled")
                    .isEqualTo(false);
        }
    }

    @Nested
    @WebMvcTest(
            controllers = SelfTestEndpoint.class,
            properties = {"spring.config.name=producer-app", SelfTestHooks.PROPERTY + "=true"})
    @Import({SelfTestEndpoint.class, DuplicatedRecords.class, SenderPause.class})
    class On {
        @Autowired
        MockMvcTester mvc;

        @Autowired
        DuplicatedRecords duplicated;

        @Test
        void exactlyTheNextKRecordsAreWrittenTwice() {
            assertThat(mvc.post()
                            .uri(SelfTestHooks.PATH)
                            .contentType(MediaType.APPLICATION_JSON)
                            .content("{\"duplicate\": 4}"))
                    .hasStatusOk();
            int again = 0;
            for (int i = 0; i < 10; i++) {
                again += duplicated.writeAgain() ? 1 : 0;
            }
            assertThat(again).isEqualTo(4);
            assertThat(mvc.get().uri(SelfTestHooks.PATH))
                    .bodyJson()
                    .extractingPath("$.duplicated")
                    .isEqualTo(4);
            assertThat(mvc.get().uri(SelfTestHooks.PATH))
                    .bodyJson()
                    .extractingPath("$.enabled")
                    .isEqualTo(true);
            assertThat(mvc.post()
                            .uri(SelfTestHooks.PATH)
                            .contentType(MediaType.APPLICATION_JSON)
                            .content("{\"duplicate\": \"4\"}"))
                    .hasStatus(HttpStatus.BAD_REQUEST)
                    .bodyJson()
                    .extractingPath("$.field")
                    .isEqualTo("duplicate");
        }

        @Autowired
        SenderPause pause;

        @Test
        void theSenderIsPausedOnceForAtLeastTheTimeAsked() {
            assertThat(pause.pauseIfArmed()).isFalse();
            assertThat(mvc.post()
                            .uri(SelfTestHooks.PATH)
                            .contentType(MediaType.APPLICATION_JSON)
                            .content("{\"pauseMs\": 150}"))
                    .hasStatusOk();
            long start = System.nanoTime();
            assertThat(pause.pauseIfArmed()).isTrue();
            assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(150);
            assertThat(pause.pauseIfArmed()).isFalse();
            assertThat(mvc.get().uri(SelfTestHooks.PATH))
                    .bodyJson()
                    .extractingPath("$.pausedMs")
                    .isEqualTo(150);
            for (String body :
                    new String[] {"{\"pauseMs\": 0}", "{\"pauseMs\": 100000}", "{\"pauseMs\": 5, \"duplicate\": 2}"}) {
                assertThat(mvc.post()
                                .uri(SelfTestHooks.PATH)
                                .contentType(MediaType.APPLICATION_JSON)
                                .content(body))
                        .as(body)
                        .hasStatus(HttpStatus.BAD_REQUEST);
            }
            assertThat(pause.pauseIfArmed()).isFalse();
            assertThat(duplicated.writeAgain()).isFalse();
        }
    }
}
