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

    private final MockProducer<byte[], byte[]> kafka = new KeptOpenProducer(true);
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
    void aPacedLoadStopsAtItsCountThoughItsRateChangedOnTheWay() throws Exception {
        generator = started();

        // 3 s at 200/s: the rate change comes well before the count, and only with the stop kept does it end.
        generator
                .submit(SettingsChange.start(settings(200), 7).stoppingAfter(600), null)
                .get();
        generator.submit(SettingsChange.rate(4_000, 7), null).get();

        await().atMost(WAIT).until(() -> !generator.state().running());
        assertThat(generator.state().settings().rate()).isEqualTo(4_000);
        assertThat(sends(7).sent()).isEqualTo(600);
        // The runner's stop that follows flushes what the stop by itself left; nothing more is sent.
        generator.submit(SettingsChange.stop(), null).get();
        assertThat(kafka.history()).hasSize(600);
    }

    @Test
    void theStopByItselfLeavesTheFlushToTheNextStop() throws Exception {
        MockProducer<byte[], byte[]> unanswered = new KeptOpenProducer(false);
        generator = started(unanswered);

        generator
                .submit(SettingsChange.start(settings(2_000), 7).stoppingAfter(100), null)
                .get();
        await().atMost(WAIT).until(() -> !generator.state().running());

        // A flush here would hold up every change queued behind it while the brokers answer.
        assertThat(unanswered.flushed()).isFalse();
        generator.submit(SettingsChange.stop(), null).get();
        assertThat(unanswered.flushed()).isTrue();
        assertThat(unanswered.history()).hasSize(100);
    }

    @Test
    void anotherPhaseBeforeTheCountDropsTheStop() throws Exception {
        generator = started();

        // 5 s of records at 1,000/s: the next change comes well before the count.
        generator
                .submit(SettingsChange.start(settings(1_000), 7).stoppingAfter(5_000), null)
                .get();
        generator.submit(SettingsChange.phase(9), null).get();

        await().atMost(WAIT).until(() -> sends(9).sent() >= 5_100);
        assertThat(generator.state().running()).isTrue();
    }

    private PhaseSends sends(int phase) {
        return generator.status(generator.state()).phaseSends(phase).orElseThrow();
    }

    private LoadGenerator started() {
        return started(kafka);
    }

    private LoadGenerator started(MockProducer<byte[], byte[]> producer) {
        OneProducerFactory factory = new OneProducerFactory(producer);
        LoadGenerator g = LoadGeneratorSampleTest.generator(dir, factory, factory.maker());
        g.start();
        return g;
    }

    private static ProducerSettings settings(double rate) {
        return new ProducerSettings(0, 16_384, Compression.NONE, rate, 400, KeyStrategy.ORDER_ID);
    }
}
