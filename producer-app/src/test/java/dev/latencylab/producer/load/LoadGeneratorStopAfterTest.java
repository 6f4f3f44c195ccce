package dev.latencylab.producer.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.api.settings.SettingsLimits;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A change with {@code stopAfterRecords} stops the load by itself at exactly that count, unthrottled
 * too (where a stop sent on seeing the count would overshoot most); a change of phase before the
 * count drops it. The sender thread runs against Kafka's own MockProducer, answering at once.
 */
class LoadGeneratorStopAfterTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    private final MockProducer<byte[], byte[]> kafka =
            new MockProducer<>(true, null, new ByteArraySerializer(), new ByteArraySerializer());
    private LoadGenerator generator;

    @AfterEach
    void stop() {
        if (generator != null) {
            generator.stop();
        }
    }

    @Test
    void anUnthrottledLoadStopsAtExactlyTheRecordsAskedFor() throws Exception {
        generator = started();
        ProducerSettings unthrottled = settings(1_000).withRate(SettingsLimits.UNTHROTTLED);

        generator
                .submit(SettingsChange.start(unthrottled, 7).stoppingAfter(5_000), null)
                .get();

        await().atMost(WAIT).until(() -> !generator.state().running());
        assertThat(sends(7).sent()).isEqualTo(5_000);
        assertThat(kafka.history()).hasSize(5_000);
        // Stopped, not paused: nothing more goes out.
        Thread.sleep(200);
        assertThat(kafka.history()).hasSize(5_000);
    }

    @Test
    void anotherPhaseBeforeTheCountDropsTheStop() throws Exception {
        generator = started();
        ProducerSettings slow = settings(200);

        generator
                .submit(SettingsChange.start(slow, 7).stoppingAfter(1_000_000), null)
                .get();
        await().atMost(WAIT).until(() -> sends(7).sent() > 0);
        generator.submit(SettingsChange.phase(8), null).get();
        generator.submit(SettingsChange.none().stoppingAfter(3), null).get();
        generator.submit(SettingsChange.phase(9), null).get();

        await().atMost(WAIT).until(() -> sends(9).sent() >= 10);
        assertThat(generator.state().running()).isTrue();
    }

    private PhaseSends sends(int phase) {
        return generator.status(generator.state()).phaseSends(phase).orElseThrow();
    }

    private LoadGenerator started() {
        LoadGenerator g = LoadGeneratorSampleTest.generator(dir, new OneProducerFactory(kafka));
        g.start();
        return g;
    }

    private static ProducerSettings settings(double rate) {
        return new ProducerSettings(0, 16_384, Compression.NONE, rate, 400, KeyStrategy.ORDER_ID);
    }
}
