package dev.latencylab.core.control;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LocalControlTest {

    @Test
    void writesFromScriptsOnLoopbackPassAndReadsPassFromAnywhere() {
        assertThat(LocalControl.refusal("POST", "127.0.0.1:8080", null)).isEmpty();
        assertThat(LocalControl.refusal("DELETE", "localhost:8081", null)).isEmpty();
        assertThat(LocalControl.refusal("POST", "[::1]:8080", null)).isEmpty();
        assertThat(LocalControl.refusal("GET", "producer-app:8080", "https://evil.example"))
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
}
