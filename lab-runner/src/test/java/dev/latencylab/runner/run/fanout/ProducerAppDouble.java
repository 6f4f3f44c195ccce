package dev.latencylab.runner.run.fanout;

import com.sun.net.httpserver.HttpExchange;
import dev.latencylab.api.latency.Percentiles;
import dev.latencylab.api.producer.PartitionAcks;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.producer.SenderCounters;
import dev.latencylab.api.producer.SenderTime;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.fake.TestServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * producer-app's {@code /actuator/producer} as the runner sees it: a change applied as the app
 * applies it ({@link ProducerSettings#apply}), answered with a {@link ProducerStatus} of the real
 * app's shape. Producer {@code index} of {@code producers} wrote offset o of every partition where
 * o mod producers = index ({@link GroupLayout}); each named phase it enters gets those sends, and
 * {@code priorPhases} older phases stand in the status as a long run's would (it keeps up to
 * {@value ProducerStatus#PHASES_KEPT}).
 */
final class ProducerAppDouble extends AppServer {

    private final UUID producerId;
    private final int index;
    private final GroupLayout layout;
    private final int priorPhases;

    private ProducerSettings settings;
    private boolean running = true;
    private long generation;
    private int phase;
    private String phaseName;
    private String topic = "lab.orders";
    private Boolean header = true;
    private final List<PhaseSends> phases = new ArrayList<>();
    /** Whether the phase's window has closed (the runner named phase 0 after it): its records are then sent. */
    private boolean windowClosed;

    ProducerAppDouble(
            UUID producerId, int index, GroupLayout layout, ProducerSettings settings, int priorPhases, Traffic t) {
        super("/actuator/producer", t);
        this.producerId = producerId;
        this.index = index;
        this.layout = layout;
        this.settings = settings;
        this.priorPhases = priorPhases;
    }

    @Override
    void control(HttpExchange ex) throws IOException {
        String body = TestServer.body(ex);
        if ("POST".equals(ex.getRequestMethod())) {
            apply(JsonHttp.MAPPER.readValue(body, SettingsChange.class));
        }
        reply(ex, body.length(), JsonHttp.MAPPER.writeValueAsString(status()));
    }

    private synchronized void apply(SettingsChange change) {
        settings = settings.apply(change);
        generation++;
        if (change.running() != null) {
            running = change.running();
        }
        if (change.topic() != null) {
            topic = change.topic();
        }
        if (change.header() != null) {
            header = change.header();
        }
        if (change.phase() != null) {
            windowClosed = phase > 0 && change.phase() == 0;
            phase = change.phase();
            phaseName = change.phaseName();
            if (phase > 0 && phases.stream().noneMatch(p -> p.phase() == phase)) {
                for (int i = priorPhases; i > 0; i--) {
                    phases.add(sends(phase - i));
                }
                phases.add(sends(phase));
            }
        }
    }

    private PhaseSends sends(int id) {
        List<PartitionAcks> acks = new ArrayList<>();
        long acked = 0;
        for (int p = 0; p < layout.partitions(); p++) {
            PartitionAcks a = layout.acks(index, p);
            acks.add(a);
            acked += a.acked();
        }
        return new PhaseSends(
                id,
                topic,
                acked,
                acked,
                0,
                new Percentiles(0.22, 0.41, 0.87, 1.12, 2.48, 7.93, 14.2),
                acks,
                new SenderTime(60.0, 2_418.7, 96.3, 212, 31),
                null);
    }

    private synchronized ProducerStatus status() {
        // The warm-up's records, then the window's once it has closed: the runner's rate is the difference.
        long warmUp = layout.recordsOf(index) / 6;
        long sent = warmUp + (windowClosed ? layout.recordsOf(index) : 0);
        return new ProducerStatus(
                producerId,
                topic,
                running,
                generation,
                settings,
                phase,
                phaseName,
                new SenderCounters(sent, sent, 0, sent - 1, 0L, 0L),
                List.copyOf(phases),
                header,
                running ? 0.0 : null);
    }
}
