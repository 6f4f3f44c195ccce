package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.apps.NetworkClient;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.scenario.NetworkDelay;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The delay wire's control port (stack/network-delay/delay_wire.py) takes changes under the apps' policy (lab-core's
 * LocalControl, docs/security.md): application/json only (415), no Origin header and a loopback Host (403, with
 * the apps' wording), a declared body of at most 4 KiB (411, 413); a refused request changes nothing, reads stay
 * open, and what scripts/lab delay and the runner send passes. Only the control server runs (no root needed):
 * tests/lab-checks/src/test/python/delay_wire_control.py starts it on an ephemeral port of 127.0.0.1.
 */
class DelayWireControlTest {

    private Process wire;
    private int port;

    @BeforeEach
    void startTheControlServer() throws IOException {
        wire = new ProcessBuilder(
                        Tools.require("python3", "Debian package python3").toString(),
                        Repo.path("tests/lab-checks/src/test/python/delay_wire_control.py")
                                .toString(),
                        Repo.path("stack/network-delay/delay_wire.py").toString())
                .redirectErrorStream(true)
                .start();
        BufferedReader out = new BufferedReader(new InputStreamReader(wire.getInputStream(), StandardCharsets.UTF_8));
        String first = out.readLine();
        assertThat(first)
                .as("the port the control server listens on")
                .isNotNull()
                .matches("[0-9]+");
        port = Integer.parseInt(first);
    }

    @AfterEach
    void stopIt() throws InterruptedException {
        wire.destroy();
        if (!wire.waitFor(5, TimeUnit.SECONDS)) {
            wire.destroyForcibly();
        }
    }

    @Test
    void aJsonChangeFromAScriptIsTakenAndReadOnLoopback() throws IOException {
        Answer set = post("127.0.0.1:" + port, "application/json", null, "{\"rttMs\": 50}");
        Answer viaLocalhost = post("localhost:" + port, "application/json; charset=utf-8", null, "{\"rttMs\": 40}");
        Answer viaBareIpv6 = post("::1", "application/json", null, "{\"rttMs\": 35}");
        Answer viaIpv6 = post("[::1]:" + port, "application/json", null, "{\"rttMs\": 30}");
        Answer read = request("GET /delay HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n\r\n");
        // DNS rebinding: a page whose name now resolves to 127.0.0.1 could read the answer.
        Answer reboundRead =
                request("GET /delay HTTP/1.1\r\nHost: evil.example\r\nOrigin: https://evil.example\r\n\r\n");

        assertThat(set.status()).as(set.text()).isEqualTo(200);
        assertThat(set.body()).contains("\"rttMs\": 50.0");
        assertThat(viaLocalhost.status()).as(viaLocalhost.text()).isEqualTo(200);
        assertThat(viaBareIpv6.status()).as(viaBareIpv6.text()).isEqualTo(200);
        assertThat(viaIpv6.status()).as(viaIpv6.text()).isEqualTo(200);
        assertThat(read.status()).as(read.text()).isEqualTo(200);
        assertThat(read.body()).contains("\"rttMs\": 30.0");
        assertThat(reboundRead.status()).as(reboundRead.text()).isEqualTo(403);
        assertThat(reboundRead.body()).contains("Host: evil.example").doesNotContain("rttMs");
    }

    @Test
    void aChangeFromAWebPageOrToAnotherHostNameIsRefusedWithTheAppsReasonAndChangesNothing() throws IOException {
        Answer fromAPage = post("127.0.0.1:" + port, "application/json", "https://evil.example", "{\"rttMs\": 90}");
        Answer rebound = post("evil.example:" + port, "application/json", null, "{\"rttMs\": 90}");

        assertThat(fromAPage.status()).as(fromAPage.text()).isEqualTo(403);
        assertThat(fromAPage.body())
                .contains("a request from a web page (Origin: https://evil.example) may not change the lab: its"
                        + " control endpoints take requests from scripts, the runner and curl only");
        assertThat(rebound.status()).as(rebound.text()).isEqualTo(403);
        assertThat(rebound.body())
                .contains("the lab's control endpoints take changes addressed to 127.0.0.1, localhost or ::1 only"
                        + " (Host: evil.example:" + port + ")");
        assertThat(rttMs()).isEqualTo("0.0");
    }

    @Test
    void aBodyNotDeclaredJsonIsRefused() throws IOException {
        // A page may send text/plain (or no type) without asking first.
        Answer plain = post("127.0.0.1:" + port, "text/plain", null, "{\"rttMs\": 90}");
        Answer none = post("127.0.0.1:" + port, null, null, "{\"rttMs\": 90}");

        assertThat(plain.status()).as(plain.text()).isEqualTo(415);
        assertThat(plain.body()).contains("POST /delay takes application/json only (Content-Type: text/plain)");
        assertThat(none.status()).as(none.text()).isEqualTo(415);
        assertThat(rttMs()).isEqualTo("0.0");
    }

    @Test
    void aBodyOverFourKibOrOfNoDeclaredLengthIsRefusedUnread() throws IOException {
        // Only the headers are sent: the answer comes before the body would be read.
        Answer large = request("POST /delay HTTP/1.1\r\nHost: 127.0.0.1:" + port
                + "\r\nContent-Type: application/json\r\nContent-Length: 4097\r\n\r\n");
        Answer undeclared = request(
                "POST /delay HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: application/json\r\n\r\n");
        Answer negative = request("POST /delay HTTP/1.1\r\nHost: 127.0.0.1:" + port
                + "\r\nContent-Type: application/json\r\nContent-Length: -1\r\n\r\n");

        assertThat(large.status()).as(large.text()).isEqualTo(413);
        assertThat(large.body()).contains("the body may be at most 4096 bytes; Content-Length: 4097");
        assertThat(undeclared.status()).as(undeclared.text()).isEqualTo(411);
        assertThat(negative.status()).as(negative.text()).isEqualTo(400);
        assertThat(rttMs()).isEqualTo("0.0");
    }

    @Test
    void whatScriptsLabDelayAndTheRunnerSendIsTaken() throws Exception {
        // far_delay as 'scripts/lab delay 20 2' runs it, pointed at this port; no far producer runs here.
        Tools.Result delay = LabShell.run(
                Repo.buildDir().resolve("delay-wire-" + System.nanoTime()),
                Map.of(),
                "WIRE_PORT=" + port + "; running_pid() { echo 1; }; far_delay 20 2");
        NetworkClient.NetworkState runner = new NetworkClient(
                        new JsonHttp(Duration.ofSeconds(2), Duration.ofSeconds(5)),
                        URI.create("http://127.0.0.1:" + port))
                .apply(new NetworkDelay(25, 0, 0, NetworkDelay.BROKER_RECEIVE_BUFFER));

        assertThat(delay.ok()).as(delay.describe()).isTrue();
        assertThat(delay.output()).contains("\"rttMs\": 20.0", "\"jitterMs\": 2.0");
        assertThat(runner.rttMs()).isEqualTo(25.0);
    }

    private String rttMs() throws IOException {
        String body = request("GET /delay HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n\r\n")
                .body();
        return body.replaceAll("(?s).*\"rttMs\": ([0-9.]+).*", "$1");
    }

    private Answer post(String host, String contentType, String origin, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder("POST /delay HTTP/1.1\r\nHost: " + host + "\r\n");
        if (contentType != null) {
            head.append("Content-Type: ").append(contentType).append("\r\n");
        }
        if (origin != null) {
            head.append("Origin: ").append(origin).append("\r\n");
        }
        head.append("Content-Length: ").append(bytes.length).append("\r\n\r\n");
        return request(head + body);
    }

    /** One request on its own connection; the server answers HTTP/1.0 and closes it. */
    private Answer request(String raw) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(raw.getBytes(StandardCharsets.UTF_8));
            socket.getOutputStream().flush();
            String text = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Answer(text);
        }
    }

    private record Answer(String text) {
        int status() {
            return Integer.parseInt(text.split(" ", 3)[1]);
        }

        String body() {
            int end = text.indexOf("\r\n\r\n");
            return end < 0 ? "" : text.substring(end + 4);
        }
    }
}
