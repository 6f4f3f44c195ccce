package dev.latencylab.runner.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An app served over https with a certificate of its own (as Spring Boot's SSL bundles serve it): the
 * runner refuses it until told its authority with --ca-file, then talks to it, the host name still checked.
 */
class TrustedCertificatesTest {

    private static final char[] PASSWORD = "changeit".toCharArray();

    @TempDir
    Path dir;

    private HttpsServer server;

    @BeforeEach
    void serve() throws Exception {
        keytool(
                "-genkeypair",
                "-alias",
                "app",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-validity",
                "2",
                "-dname",
                "CN=producer-app",
                "-ext",
                "SAN=ip:127.0.0.1",
                "-storetype",
                "PKCS12",
                "-keystore",
                dir.resolve("app.p12").toString(),
                "-storepass",
                "changeit");
        keytool(
                "-exportcert",
                "-rfc",
                "-alias",
                "app",
                "-keystore",
                dir.resolve("app.p12").toString(),
                "-storepass",
                "changeit",
                "-file",
                dir.resolve("app.pem").toString());
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = new FileInputStream(dir.resolve("app.p12").toFile())) {
            keys.load(in, PASSWORD);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, PASSWORD);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(kmf.getKeyManagers(), null, null);
        server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(tls));
        server.createContext("/actuator/producer", exchange -> {
            byte[] body = "{\"running\":false}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void anAppWhoseAuthorityIsGivenIsReachedAndOneWhoseIsNotIsRefused() throws Exception {
        URI status = URI.create("https://127.0.0.1:" + server.getAddress().getPort() + "/actuator/producer");
        JsonHttp jdkOnly = new JsonHttp(Duration.ofSeconds(2), Duration.ofSeconds(5));

        assertThatThrownBy(() -> jdkOnly.get("producer-app", status)).hasMessageContaining("producer-app");

        JsonHttp trusting = jdkOnly.withTls(TrustedCertificates.withAuthorities(dir.resolve("app.pem")));
        JsonHttp.Response answer = trusting.get("producer-app", status);
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body()).contains("running");
    }

    @Test
    void theCertificateStillHasToNameTheHostItIsReachedBy() throws Exception {
        URI byName = URI.create("https://localhost:" + server.getAddress().getPort() + "/actuator/producer");
        JsonHttp trusting = new JsonHttp(Duration.ofSeconds(2), Duration.ofSeconds(5))
                .withTls(TrustedCertificates.withAuthorities(dir.resolve("app.pem")));

        assertThatThrownBy(() -> trusting.get("producer-app", byName)).hasMessageContaining("producer-app");
    }

    @Test
    void aFileWithoutCertificatesIsRefusedNamingIt() throws IOException {
        Path notPem = Files.writeString(dir.resolve("token.txt"), "not a certificate\n");

        assertThatThrownBy(() -> TrustedCertificates.withAuthorities(notPem))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--ca-file " + notPem);
        assertThatThrownBy(() -> TrustedCertificates.withAuthorities(dir.resolve("missing.pem")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no such file");
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        Path java = Path.of(ProcessHandle.current().info().command().orElseThrow());
        List<String> command =
                new java.util.ArrayList<>(List.of(java.resolveSibling("keytool").toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor())
                .as("keytool %s: %s", String.join(" ", args), out)
                .isZero();
    }
}
