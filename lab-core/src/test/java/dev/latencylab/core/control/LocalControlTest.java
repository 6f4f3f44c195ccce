package dev.latencylab.core.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class LocalControlTest {

    @Test
    void writesFromScriptsOnLoopbackPassAndReadsPassOnLoopbackOrTheAppsOwnName() {
        assertThat(LocalControl.refusal("POST", "127.0.0.1:8080", null)).isEmpty();
        assertThat(LocalControl.refusal("DELETE", "localhost:8081", null)).isEmpty();
        assertThat(LocalControl.refusal("POST", "[::1]:8080", null)).isEmpty();
        // Prometheus of the local stack scrapes 127.0.0.1:8080, compose's scrapes the service by name.
        assertThat(LocalControl.refusal("GET", "127.0.0.1:8080", null)).isEmpty();
        assertThat(LocalControl.refusal("GET", "producer-app:8080", "https://evil.example", Set.of("producer-app")))
                .isEmpty();
        assertThat(LocalControl.refusal("POST", "producer-app:8080", null, Set.of("producer-app")))
                .isEmpty();
    }

    @Test
    void aReadAddressedToAReboundNameIsRefusedSayingWhy() {
        // DNS rebinding: the page's name now resolves to 127.0.0.1, so the browser lets it read the answer.
        assertThat(LocalControl.refusal("GET", "rebound.evil.example:8080", null))
                .hasValueSatisfying(r -> assertThat(r).contains("Host: rebound.evil.example:8080"));
        assertThat(LocalControl.refusal("HEAD", "evil.example", null)).isPresent();
        assertThat(LocalControl.refusal("GET", "producer-app:8080", null))
                .as("a service name counts only where the app was told it is its own")
                .isPresent();
        assertThat(LocalControl.refusal("GET", null, null))
                .as("no Host: HTTP/1.0, no browser")
                .isEmpty();
    }

    @Test
    void aWriteFromAWebPageOrToAnotherNameIsRefusedSayingWhy() {
        assertThat(LocalControl.refusal("POST", "127.0.0.1:8080", "https://evil.example"))
                .hasValueSatisfying(r -> assertThat(r).contains("Origin: https://evil.example"));
        // DNS rebinding: the page's own name resolves to 127.0.0.1, the Host header still says it.
        assertThat(LocalControl.refusal("POST", "evil.example:8080", null))
                .hasValueSatisfying(r -> assertThat(r).contains("Host: evil.example:8080"));
        assertThat(LocalControl.refusal("DELETE", "127.0.0.1.evil.example", null))
                .isPresent();
        assertThat(LocalControl.refusal("POST", null, null))
                .as("no Host: HTTP/1.0, no browser")
                .isEmpty();
        assertThat(LocalControl.refusal("PUT", "localhost", "null")).isPresent();
    }

    @Test
    void anUnbracketedIpv6LoopbackIsLoopbackAndAnotherAddressIsNot() {
        // Without brackets no port can be told apart from the address: the whole header is the name.
        assertThat(LocalControl.refusal("POST", "::1", null)).isEmpty();
        assertThat(LocalControl.refusal("POST", "::1:8080", null))
                .as("::1:8080 is another address, 0:0:0:0:0:0:1:8080")
                .isPresent();
        assertThat(LocalControl.refusal("POST", "fe80::1", null))
                .as("the refusal names every host a change may be addressed to")
                .hasValueSatisfying(why -> assertThat(why).contains("127.0.0.1, localhost or ::1 only"));
    }
}
