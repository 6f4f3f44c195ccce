package dev.latencylab.runner.run.fanout;

import com.sun.net.httpserver.HttpExchange;
import dev.latencylab.api.latency.ConsumerDescription;
import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.core.accounting.OffsetLedgers;
import dev.latencylab.core.header.LabHeader;
import dev.latencylab.core.header.RecordStamp;
import dev.latencylab.core.latency.LatencyRecorder;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.fake.TestServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;

/**
 * consumer-app's {@code /actuator/latency} as the runner sees it: the body a real recorder reports
 * ({@link LatencyRecorder}, its histograms encoded as the app sends them with {@code ?histograms=true})
 * after reading its partitions of one phase ({@link GroupLayout}) with latencies of a realistic
 * spread, its own offset ledger (an instance on a host of its own), the consumer's description
 * and assignment. The body is made once: the runner's writes (release, watch) change nothing a
 * phase's reads would see.
 */
final class ConsumerAppDouble extends AppServer {

    private static final byte[] JSON =
            "{\"orderId\":\"0f8fad5b-d9cb-469f-a165-70867728950e\"}".getBytes(StandardCharsets.US_ASCII);
    private static final long T0 = 1_796_000_000_000_000L;
    /** A record every 20 µs of each producer: the whole phase within the recorder's loss grace. */
    private static final long SPACING_MICROS = 20;

    private final String plain;
    private final String withHistograms;

    ConsumerAppDouble(int index, GroupLayout layout, List<UUID> producers, int phaseId, Traffic t) {
        super("/actuator/latency", t);
        LatencyRecorder recorder = new LatencyRecorder(Duration.ofHours(1), OffsetLedgers.inMemory());
        Random random = new Random(index);
        List<Integer> assigned = new ArrayList<>();
        for (int p = 0; p < layout.partitions(); p++) {
            if (!layout.readBy(index, p)) {
                continue;
            }
            assigned.add(p);
            for (long o = 0; o < layout.perPartition(); o++) {
                int producer = layout.producerOf(o);
                long seq = layout.sequenceOf(p, o);
                long sent = T0 + seq * SPACING_MICROS;
                byte[] header = LabHeader.encode(new RecordStamp(sent, sent, seq, producers.get(producer), phaseId));
                long latency = latencyMicros(random);
                long received = sent + latency;
                recorder.record(header, JSON, "lab.orders", p, o, received - random.nextInt(200), received);
            }
        }
        LatencyView view = recorder.report(true).withConsumer(description(), Map.of("lab.orders", assigned));
        LatencyView bare = recorder.report(false).withConsumer(description(), Map.of("lab.orders", assigned));
        withHistograms = JsonHttp.MAPPER.writeValueAsString(view);
        plain = JsonHttp.MAPPER.writeValueAsString(bare);
    }

    /** Log-normal around 4 ms, and one record in a hundred 20 to 400 ms late: a loaded stack's spread. */
    private static long latencyMicros(Random random) {
        if (random.nextInt(100) == 0) {
            return 20_000 + random.nextInt(380_000);
        }
        return Math.max(200, Math.round(Math.exp(Math.log(4_000) + 0.6 * random.nextGaussian())));
    }

    private static ConsumerDescription description() {
        Map<String, String> settings = new TreeMap<>();
        settings.put("listener", "batch");
        settings.put("commitMode", "async");
        settings.put("fetch.min.bytes", "1");
        settings.put("fetch.max.wait.ms", "500");
        settings.put("max.poll.records", "500");
        settings.put("max.partition.fetch.bytes", "1048576");
        settings.put("isolation.level", "read_uncommitted");
        settings.put("auto.offset.reset", "latest");
        settings.put("enable.auto.commit", "false");
        settings.put("partition.assignment.strategy", "CooperativeStickyAssignor");
        settings.put("group.protocol", "classic");
        settings.put("processing", "none");
        return new ConsumerDescription("lab\\..*", "latency-lab", settings);
    }

    @Override
    void control(HttpExchange ex) throws IOException {
        String body = TestServer.body(ex);
        if ("GET".equals(ex.getRequestMethod())) {
            String query = ex.getRequestURI().getRawQuery();
            reply(ex, 0, query != null && query.contains("histograms=true") ? withHistograms : plain);
        } else {
            reply(ex, body.length(), "{}");
        }
    }
}
