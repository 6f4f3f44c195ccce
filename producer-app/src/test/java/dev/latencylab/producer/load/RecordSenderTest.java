package dev.latencylab.producer.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.api.settings.SettingsLimits;
import dev.latencylab.core.header.LabHeader;
import dev.latencylab.core.header.RecordStamp;
import dev.latencylab.core.latency.LatencyBucketCounts;
import dev.latencylab.core.payload.PayloadPlan;
import dev.latencylab.core.schedule.OpenLoopSchedule;
import dev.latencylab.core.sends.SendLog;
import dev.latencylab.producer.selftest.DuplicatedRecords;
import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.OutOfOrderSequenceException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/** Where the send time is read, against Kafka's own MockProducer. */
class RecordSenderTest {

    /** The largest value the lab sends: building it takes far longer than a clock tick. */
    private static final ProducerSettings SETTINGS =
            new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 100_000, KeyStrategy.ORDER_ID);

    private final MockProducer<byte[], byte[]> producer =
            new MockProducer<>(true, null, new ByteArraySerializer(), new ByteArraySerializer());

    @Test
    void theSendTimeIsReadAfterTheRecordIsBuiltSoBuildingItIsPublishDelayNotLatency() {
        LoadState state = new LoadState(SETTINGS, true, "lab.orders");
        RecordSender sender = sender(state, new SenderHistograms(Clock.SYSTEM));
        PayloadPlan plan = PayloadPlan.of(SETTINGS, name -> null);
        SendLog log = new SendLog();
        for (int i = 0; i < 20; i++) {
            // Due the moment it is handed over: all the delay it shows is the sender's own work.
            sender.send(state, plan, log.phase(0, "lab.orders"), System.nanoTime(), RecordSender.NOT_READ);
        }

        for (ProducerRecord<byte[], byte[]> r : producer.history()) {
            RecordStamp stamp = LabHeader.decode(
                            r.headers().lastHeader(LabHeader.KEY).value())
                    .orElseThrow();
            // Read before the 100 kB value was built, the send time would equal the intended time.
            assertThat(stamp.actualSendMicros() - stamp.intendedSendMicros())
                    .as("time from due to the send, building the value included")
                    .isPositive();
        }
        assertThat(producer.history()).hasSize(20);
    }

    /** Unthrottled records are intended when sent: no publish delay is recorded for them, their answers' latency is. */
    @Test
    void throttledRecordsHaveAPublishDelayUnthrottledNoneAndEveryAnswerItsLatency() {
        SenderHistograms histograms = new SenderHistograms(Clock.SYSTEM);
        ProducerSettings unthrottled = SETTINGS.withRate(SettingsLimits.UNTHROTTLED);
        LoadState paced = new LoadState(SETTINGS, true, "lab.orders");
        LoadState free = new LoadState(unthrottled, true, "lab.orders");
        RecordSender sender = sender(paced, histograms);
        SendLog log = new SendLog();
        long tenMsAgo = System.nanoTime() - 10_000_000;
        for (int i = 0; i < 3; i++) {
            sender.send(
                    paced,
                    PayloadPlan.of(SETTINGS, name -> null),
                    log.phase(0, "lab.orders"),
                    tenMsAgo,
                    RecordSender.NOT_READ);
        }
        for (int i = 0; i < 4; i++) {
            sender.send(
                    free,
                    PayloadPlan.of(unthrottled, name -> null),
                    log.phase(7, "lab.orders"),
                    0,
                    RecordSender.NOT_READ);
        }

        LatencyBucketCounts delay = histograms.publishDelay.read();
        assertThat(delay.count()).isEqualTo(3);
        assertThat(delay.sumSeconds()).as("each at least 10 ms late").isGreaterThanOrEqualTo(0.03);
        assertThat(histograms.ackLatency.read().count()).isEqualTo(7);
        PhaseSends unpaced = log.view().get(0);
        assertThat(unpaced.sent()).isEqualTo(4);
        assertThat(unpaced.publishDelayMs())
                .as("the phase's figures, as the runner reads them: none, not 0 ms")
                .isNull();
    }

    /**
     * The loop's clock read, which found the record due, is the send time of a value made beforehand
     * (nothing left to build but a key); a value built here is timed after its building.
     */
    @Test
    void theLoopsClockReadIsTheSendTimeOfAValueMadeBeforehandNotOfOneBuiltHere() {
        long due = System.nanoTime() - 10_000_000_000L;
        long readByTheLoop = due + 5_000_000;
        ProducerSettings fixed = SETTINGS.apply(SettingsChange.read(Map.of("payload", "fixed")));

        assertThat(publishDelaySeconds(fixed, due, readByTheLoop))
                .as("a fixed value, sent at the loop's read: 5 ms after it was due (3 significant digits)")
                .isCloseTo(0.005, within(0.00001));
        assertThat(publishDelaySeconds(SETTINGS, due, readByTheLoop))
                .as("a value built here, timed after its building: 10 s after it was due")
                .isGreaterThanOrEqualTo(10.0);
    }

    /** The last sends failed: the counters tell the highest number acknowledged, which a drain waits for. */
    @Test
    void theCountersTellTheHighestSequenceAcknowledgedBelowTheLastSentWhenTheLastSendsFailed() {
        MockProducer<byte[], byte[]> answeredByHand =
                new MockProducer<>(false, null, new ByteArraySerializer(), new ByteArraySerializer());
        LoadState state = new LoadState(SETTINGS, true, "lab.orders");
        RecordSender sender =
                sender(new OneProducerFactory(answeredByHand).producers(), state, new SenderHistograms(Clock.SYSTEM));
        PayloadPlan plan = PayloadPlan.of(SETTINGS, name -> null);
        SendLog log = new SendLog();
        assertThat(sender.counters().lastAckedSequence())
                .as("nothing acknowledged yet")
                .isEqualTo(-1);
        for (int i = 0; i < 5; i++) {
            sender.send(state, plan, log.phase(0, "lab.orders"), System.nanoTime(), RecordSender.NOT_READ);
        }
        for (int i = 0; i < 3; i++) {
            answeredByHand.completeNext();
        }
        for (int i = 0; i < 2; i++) {
            answeredByHand.errorNext(new org.apache.kafka.common.errors.TimeoutException("delivery.timeout.ms"));
        }

        var counters = sender.counters();
        assertThat(counters.lastSequence()).isEqualTo(4);
        assertThat(counters.lastAckedSequence()).isEqualTo(2);
        assertThat(counters.failed()).isEqualTo(2);
    }

    /**
     * A producer whose idempotent state is lost is closed before its successor is made; any other
     * failure (a timeout) keeps it: the lab's own producers, as spring-kafka's closed themselves.
     */
    @Test
    void anOutOfOrderSequenceReplacesTheProducerClosingItFirstAndATimeoutDoesNot() {
        List<MockProducer<byte[], byte[]>> made = new ArrayList<>();
        LabProducers.Maker maker = configs -> {
            assertThat(made).as("every producer made before is closed").allMatch(MockProducer::closed);
            MockProducer<byte[], byte[]> p =
                    new MockProducer<>(false, null, new ByteArraySerializer(), new ByteArraySerializer());
            made.add(p);
            return p;
        };
        LoadState state = new LoadState(SETTINGS, true, "lab.orders");
        RecordSender sender = sender(
                new LabProducers(new OneProducerFactory(null), UUID.randomUUID(), maker),
                state,
                new SenderHistograms(Clock.SYSTEM));
        PayloadPlan plan = PayloadPlan.of(SETTINGS, name -> null);
        var phase = new SendLog().phase(0, "lab.orders");

        sender.send(state, plan, phase, System.nanoTime(), RecordSender.NOT_READ);
        made.get(0).errorNext(new org.apache.kafka.common.errors.TimeoutException("delivery.timeout.ms"));
        sender.send(state, plan, phase, System.nanoTime(), RecordSender.NOT_READ);
        assertThat(made).as("a timeout keeps the producer").hasSize(1);
        assertThat(made.get(0).history()).hasSize(2);

        made.get(0).errorNext(new OutOfOrderSequenceException("sequence lost"));
        sender.send(state, plan, phase, System.nanoTime(), RecordSender.NOT_READ);
        assertThat(made).as("an out-of-order sequence replaces it").hasSize(2);
        assertThat(made.get(0).closed()).isTrue();
        assertThat(made.get(1).history()).hasSize(1);
        assertThat(sender.counters().failed()).isEqualTo(2);
    }

    private double publishDelaySeconds(ProducerSettings settings, long due, long readByTheLoop) {
        SenderHistograms histograms = new SenderHistograms(Clock.SYSTEM);
        LoadState state = new LoadState(settings, true, "lab.orders");
        sender(state, histograms)
                .send(
                        state,
                        PayloadPlan.of(settings, name -> null),
                        new SendLog().phase(0, "lab.orders"),
                        due,
                        readByTheLoop);
        return histograms.publishDelay.read().sumSeconds();
    }

    private RecordSender sender(LoadState state, SenderHistograms histograms) {
        return sender(new OneProducerFactory(producer).producers(), state, histograms);
    }

    private static RecordSender sender(LabProducers producers, LoadState state, SenderHistograms histograms) {
        return new RecordSender(
                producers,
                UUID.randomUUID(),
                new OpenLoopSchedule(1_000, System::nanoTime),
                new DuplicatedRecords(),
                new SimpleMeterRegistry(),
                histograms,
                () -> state,
                () -> 0L);
    }
}
