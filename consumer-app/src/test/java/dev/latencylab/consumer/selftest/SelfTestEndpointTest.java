package dev.latencylab.consumer.selftest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.selftest.SelfTestHooks;
import dev.latencylab.app.selftest.SelfTestEndpoint;
import dev.latencylab.core.header.LabHeader;
import dev.latencylab.core.header.RecordStamp;
import java.util.UUID;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

/** The consumer's self-test hook: off by default (403, nothing armed), strict when on, and exact. */
class SelfTestEndpointTest {

    private static final UUID PRODUCER = UUID.randomUUID();

    @Nested
    @WebMvcTest(controllers = SelfTestEndpoint.class, properties = "server.address=127.0.0.1")
    @Import({SelfTestEndpoint.class, SkippedRecords.class, HeldPoll.class})
    class Off {
        @Autowired
        MockMvcTester mvc;

        @Autowired
        SkippedRecords skipped;

        @Test
        void anAppStartedWithoutTheSelfTestRefusesEveryFaultAndDropsNothing() {
            assertThat(mvc.post()
                            .uri(SelfTestHooks.PATH)
                            .contentType(MediaType.APPLICATION_JSON)
                            .content("{\"skip\": 5, \"phase\": 7}"))
                    .hasStatus(HttpStatus.FORBIDDEN)
                    .bodyJson()
                    .extractingPath("$.error")
                    .asString()
                    .contains(SelfTestHooks.PROPERTY);
            assertThat(skipped.skip(header(7))).isFalse();
            assertThat(mvc.get().uri(SelfTestHooks.PATH))
                    .bodyJson()
                    .extractingPath("$.enabled")
                    .isEqualTo(false);
        }
    }

    @Nested
    @WebMvcTest(
            controllers = SelfTestEndpoint.class,
            properties = {"server.address=127.0.0.1", SelfTestHooks.PROPERTY + "=true"})
    @Import({SelfTestEndpoint.class, SkippedRecords.class, HeldPoll.class})
    class On {
        @Autowired
        MockMvcTester mvc;

        @Autowired
        SkippedRecords skipped;

        @Test
        void exactlyTheNextKRecordsOfThePhaseAreDroppedAndOtherPhasesPass() {
            assertThat(mvc.post()
                            .uri(SelfTestHooks.PATH)
                            .contentType(MediaType.APPLICATION_JSON)
                            .content("{\"skip\": 3, \"phase\": 7}"))
                    .hasStatusOk();
            int dropped = 0;
            for (int i = 0; i < 10; i++) {
                assertThat(skipped.skip(header(8))).isFalse();
                assertThat(skipped.skip(null)).isFalse();
                dropped += skipped.skip(header(7)) ? 1 : 0;
            }
            assertThat(dropped).isEqualTo(3);
            assertThat(mvc.get().uri(SelfTestHooks.PATH))
                    .bodyJson()
                    .extractingPath("$.skipped")
                    .isEqualTo(3);
        }

        @Autowired
        HeldPoll held;

        @Test
        void theFirstPollOfThePhaseIsHeldOnceForAtLeastTheTimeAsked() {
            assertThat(mvc.post()
                            .uri(SelfTestHooks.PATH)
                            .contentType(MediaType.APPLICATION_JSON)
                            .content("{\"holdMs\": 150, \"holdPhase\": 7}"))
                    .hasStatusOk();
            assertThat(held.holdIfArmed(header(8))).isFalse();
            assertThat(held.holdIfArmed(null)).isFalse();
            long start = System.nanoTime();
            assertThat(held.holdIfArmed(header(7))).isTrue();
            assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(150);
            assertThat(held.holdIfArmed(header(7))).isFalse();
            assertThat(mvc.get().uri(SelfTestHooks.PATH))
                    .bodyJson()
                    .extractingPath("$.heldMs")
                    .isEqualTo(150);
        }

        @Test
        void aBodyThatIsNotExactlyAFaultIsRefusedNamingTheField() {
            for (String body : new String[] {
                "{\"skip\": 0, \"phase\": 7}",
                "{\"skip\": 3}",
                "{\"drop\": 3}",
                "3",
                "{\"holdMs\": 0, \"holdPhase\": 7}",
                "{\"holdMs\": 100}",
                // Two faults' fields in one body: which one it arms would be a guess.
                "{\"skip\": 3, \"phase\": 7, \"holdMs\": 100, \"holdPhase\": 7}"
            }) {
                assertThat(mvc.post()
                                .uri(SelfTestHooks.PATH)
                                .contentType(MediaType.APPLICATION_JSON)
                                .content(body))
                        .as(body)
                        .hasStatus(HttpStatus.BAD_REQUEST);
            }
            assertThat(skipped.skip(header(7))).isFalse();
            assertThat(held.holdIfArmed(header(7))).isFalse();
        }
    }

    private static byte[] header(int phase) {
        return LabHeader.encode(new RecordStamp(1, 1, 0, PRODUCER, phase));
    }
}
