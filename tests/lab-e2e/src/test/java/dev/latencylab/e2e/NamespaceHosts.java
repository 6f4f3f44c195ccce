package dev.latencylab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.assertj.core.api.SoftAssertions;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What {@code scripts/lab up --local --hosts} must give: the apps on three hosts made of network
 * namespaces (producers on h1 and h2, consumers on h2 and h3), beyond loopback, so a control request
 * without the stack's token is refused and changes nothing; a run across them whose counts close
 * exactly; and h3's clock, set off on purpose, found by the runner within the uncertainty it states.
 */
final class NamespaceHosts {

    static final long SKEW_MS = 300;
    static final List<String> PROCESSES =
            List.of("h1-producer-app", "h2-producer-app", "h2-consumer-app", "h3-consumer-app", "host-relays");

    private static final String PRODUCER = "http://10.78.1.2:8080/actuator/producer";
    private static final String SKEWED = "http://10.78.3.2:8081";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private NamespaceHosts() {}

    /**
     * {@code scripts/lab status} lists each host's app, healthy at its host's address, and the relays:
     * a user sees where the apps run, not only that the local ones are gone.
     */
    static void assertStatus(String statusOutput) {
        SoftAssertions soft = new SoftAssertions();
        for (String name : PROCESSES) {
            String line = statusOutput
                    .lines()
                    .filter(l -> l.startsWith(name + " "))
                    .findFirst()
                    .orElse("");
            soft.assertThat(line)
                    .as("status line of %s in:%n%s", name, statusOutput)
                    .isNotEmpty();
            if (name.matches("h\\d-.+-app")) {
                soft.assertThat(line)
                        .as("status line of %s", name)
                        .endsWith("healthy at 10.78." + name.charAt(1) + ".2");
            } else {
                soft.assertThat(line).as("status line of %s", name).endsWith(" healthy");
            }
        }
        soft.assertAll();
    }

    /** A change without the token: 401, and the producer-app's settings as they were. */
    static void changeWithoutTokenIsRefused(Path labDir) throws IOException, InterruptedException {
        String token = Files.readString(labDir.resolve("control-token")).strip();
        long before = lingerMs(token);
        HttpResponse<String> refused = HTTP.send(
                HttpRequest.newBuilder(URI.create(PRODUCER))
                        .timeout(Duration.ofSeconds(10))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"lingerMs\": " + (before + 77) + "}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode())
                .as("change without the token: %s", refused.body())
                .isEqualTo(401);
        assertThat(lingerMs(token)).as("linger.ms after the refused change").isEqualTo(before);
    }

    private static long lingerMs(String token) throws IOException, InterruptedException {
        HttpResponse<String> status = HTTP.send(
                HttpRequest.newBuilder(URI.create(PRODUCER))
                        .timeout(Duration.ofSeconds(10))
                        .header("Authorization", "Bearer " + token)
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(status.statusCode())
                .as("status with the token: %s", status.body())
                .isEqualTo(200);
        return JSON.readTree(status.body()).path("settings").path("lingerMs").asLong(-1);
    }

    /** Both producer hosts sent in every phase, and every clock check of h3 holds its skew. */
    static void assertRun(JsonNode summary) {
        SoftAssertions soft = new SoftAssertions();
        for (JsonNode p : summary.path("phases")) {
            String name = p.path("name").asString();
            JsonNode producers = p.path("description").path("producers");
            soft.assertThat(producers.size()).as(name + " producer instances").isEqualTo(2);
            for (JsonNode producer : producers) {
                soft.assertThat(producer.path("acked").asLong(-1))
                        .as(name + " acked by " + producer.path("instance").asString())
                        .isPositive();
            }
        }
        List<JsonNode> skewed = summary.path("clocks")
                .valueStream()
                .filter(c -> c.path("worker").asString().equals(SKEWED))
                .toList();
        soft.assertThat(skewed)
                .as("clock checks of h3's consumer-app")
                .hasSize(2 * summary.path("phases").size());
        for (JsonNode c : skewed) {
            long offset = c.path("offsetMicros").asLong();
            long uncertainty = c.path("uncertaintyMicros").asLong(-1);
            System.out.println("lab-e2e: h3's clock " + c.path("at").asString() + ": " + offset + " ± " + uncertainty
                    + " µs (skew set: " + SKEW_MS * 1000 + " µs)");
            soft.assertThat(Math.abs(offset - SKEW_MS * 1000))
                    .as("h3's offset %d µs holds the %d ms skew within its ± %d µs", offset, SKEW_MS, uncertainty)
                    .isLessThanOrEqualTo(uncertainty);
        }
        soft.assertAll();
    }
}
