package dev.latencylab.runner.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The runner's connections are let go before the apps' Tomcat closes them (60 s idle). */
class JsonHttpKeepAliveTest {

    @Test
    void theJdksPoolKeepsAnIdleConnectionForLessThanTheAppsDo() {
        new JsonHttp(Duration.ofSeconds(1), Duration.ofSeconds(1));

        assertThat(Integer.parseInt(System.getProperty("jdk.httpclient.keepalive.timeout", "1200")))
                .isLessThan(60);
    }
}
