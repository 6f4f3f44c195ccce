package dev.latencylab.runner.apps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.core.accounting.OffsetLedgers;
import dev.latencylab.core.header.LabHeader;
import dev.latencylab.core.header.RecordStamp;
import dev.latencylab.core.latency.LatencyRecorder;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.fake.TestServer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * ConsumerClient over two consumer-app instances, each a real HTTP server answering what a real
 * recorder reports: reads are merged from the histograms, changes reach every instance; one
 * instance is asked for its histograms only when they are wanted.
 */
class ConsumerGroupClientTest {

    private static final UUID PRODUCER = UUID.randomUUID();
    private static final byte[] JSON = "{\"orderId\":\"x\"}".getBytes(StandardCharsets.US_ASCII);
    private static final long T0 = 1_763_769_600_000_000L;

    private final JsonHttp http = new JsonHttp(Duration.ofSeconds(2), Duration.ofSeconds(5));
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final List<TestServer> servers = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        servers.forEach(TestServer::close);
    }

    @Test
    void theGroupsPercentilesAreTheSummedHistogramsAndEachInstanceKeepsItsShare() throws Exception {
        // Two instances on one host share the group's ledger file: here one in-memory ledger.
        dev.latencylab.core.accounting.OffsetLedger shared = dev.latencylab.core.accounting.OffsetLedger.inMemory();
        LatencyRecorder fast = new LatencyRecorder(Duration.ofSeconds(5), new OffsetLedgers(topic -> shared));
        LatencyRecorder slow = new LatencyRecorder(Duration.ofSeconds(5), new OffsetLedgers(topic -> shared));
        for (int i = 0; i < 900; i++) {
            record(fast, i, 0, i, 1_000);
        }
        for (int i = 900; i < 1_000; i++) {
            record(slow, i, 1, i - 900, 100_000);
        }
        TestServer a = instance("a", fast, List.of(0));
        TestServer b = instance("b", slow, List.of(1));
        ConsumerClient group = new ConsumerClient(http, List.of(a.url(), b.url()));

        ConsumerClient.GroupRead read = group.read();
        PhaseView phase = read.group().phase(7).orElseThrow();

        assertThat(phase.count()).isEqualTo(1_000);
        assertThat(phase.latencyMs().p50()).isCloseTo(1.0, offset(0.01));
        // 10 % of the group's records took 100 ms: the group's p95 says so, neither instance's p50 does.
        assertThat(phase.latencyMs().p95()).isCloseTo(100.0, offset(0.1));
        assertThat(read.group().assigned()).containsEntry("lab.orders", List.of(0, 1));
        assertThat(read.instances())
                .extracting(i -> i.view().phase(7).orElseThrow().count())
                .containsExactly(900L, 100L);
        // Even a poll: the group's percentiles are merged from the instances' histograms.
        assertThat(log).containsExactly("a GET histograms=true", "b GET histograms=true");

        group.consuming(false);
        group.resetPhases();
        assertThat(log).contains("a POST", "b POST", "a DELETE scope=phases", "b DELETE scope=phases");
    }

    @Test
    void oneInstanceIsPolledWithoutItsHistogramsAndReadWithThemForTheReport() throws Exception {
        LatencyRecorder only = new LatencyRecorder(Duration.ofSeconds(5), OffsetLedgers.inMemory());
        record(only, 0, 0, 0, 2_000);
        TestServer a = instance("a", only, List.of(0, 1, 2));
        ConsumerClient consumer = new ConsumerClient(http, a.url());

        LatencyView polled = consumer.latency();
        LatencyView last = consumer.readWithHistograms().group();

        assertThat(polled.phase(7).orElseThrow().latencyMs().p50()).isCloseTo(2.0, offset(0.01));
        assertThat(polled.phase(7).orElseThrow().histograms()).isNull();
        // The report draws each phase's whole distribution from them (LatencySpectrum).
        assertThat(last.phase(7).orElseThrow().histograms()).isNotNull();
        assertThat(log).containsExactly("a GET ", "a GET histograms=true");
    }

    private TestServer instance(String name, LatencyRecorder recorder, List<Integer> partitions) {
        TestServer server = new TestServer().route("/actuator/latency", ex -> {
            Map<String, String> params = TestServer.params(ex);
            String query = params.entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue())
                    .reduce((x, y) -> x + "&" + y)
                    .orElse("");
            log.add(name + " " + ex.getRequestMethod() + (ex.getRequestMethod().equals("POST") ? "" : " " + query));
            switch (ex.getRequestMethod()) {
                case "GET" -> {
                    LatencyView view = recorder.report("true".equals(params.get("histograms")))
                            .withConsumer(null, Map.of("lab.orders", partitions));
                    TestServer.reply(ex, 200, JsonHttp.MAPPER.writeValueAsString(view));
                }
                case "POST" -> TestServer.reply(ex, 200, "{\"consuming\": false}");
                default -> {
                    ex.sendResponseHeaders(204, -1);
                    ex.close();
                }
            }
        });
        servers.add(server);
        return server;
    }

    private static void record(LatencyRecorder r, long seq, int partition, long offset, long latencyMicros) {
        long sent = T0 + seq * 1_000;
        byte[] header = LabHeader.encode(new RecordStamp(sent, sent, seq, PRODUCER, 7));
        r.record(header, JSON, "lab.orders", partition, offset, sent + latencyMicros);
    }
}
