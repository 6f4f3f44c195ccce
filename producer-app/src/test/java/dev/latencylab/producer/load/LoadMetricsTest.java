package dev.latencylab.producer.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LoadMetricsTest {

    @Test
    void theRecordCountersFollowTheSendersCountsAfterGarbageCollections() throws InterruptedException {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        AtomicLong sent = new AtomicLong();
        AtomicLong acked = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        // Fresh supplier objects, held by nothing but the metrics: as the RecordSender passes them.
        LoadMetrics metrics = new LoadMetrics(
                registry, () -> null, () -> 0L, () -> sent.get(), () -> acked.get(), () -> failed.get());
        sent.set(5);
        acked.set(4);
        assertThat(registry.get("lab.producer.records.acked").functionCounter().count())
                .isEqualTo(4);

        for (int i = 0; i < 5; i++) {
            System.gc(); // Micrometer holds a function counter's state weakly
            Thread.sleep(20);
        }
        sent.set(1_000);
        acked.set(990);
        failed.set(3);

        assertThat(registry.get("lab.producer.records.sent").functionCounter().count())
                .isEqualTo(1_000);
        assertThat(registry.get("lab.producer.records.acked").functionCounter().count())
                .isEqualTo(990);
        assertThat(registry.get("lab.producer.records.failed").functionCounter().count())
                .isEqualTo(3);
        // The metrics, not the test, hold the suppliers: kept reachable through the collections above.
        java.lang.ref.Reference.reachabilityFence(metrics);
    }

    @Test
    void theTargetRateIsNoRateUnthrottledAndZeroStopped() {
        ProducerSettings paced = new ProducerSettings(5, 16_384, Compression.NONE, 2_000, 400, KeyStrategy.ORDER_ID);
        ProducerSettings unthrottled = paced.withRate(-1);

        assertThat(LoadMetrics.targetRate(new LoadState(paced, true, "lab.orders")))
                .isEqualTo(2_000.0);
        assertThat(LoadMetrics.targetRate(new LoadState(unthrottled, true, "lab.orders")))
                .isNaN();
        assertThat(LoadMetrics.targetRate(new LoadState(unthrottled, false, "lab.orders")))
                .isZero();
    }

    @Test
    void thePhaseInfoIsOneRowNamingTheCurrentPhaseWithItsSettings() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        LoadMetrics metrics = new LoadMetrics(registry, () -> null, () -> 0L, () -> 0, () -> 0, () -> 0);
        ProducerSettings settings = new ProducerSettings(5, 16_384, Compression.LZ4, 1_000, 400, KeyStrategy.ORDER_ID);
        LoadState warmUp = new LoadState(settings, true, "lab.orders");

        metrics.showPhase(warmUp);
        assertThat(phaseInfo(registry)).containsExactly("phase=0 name=unnamed linger_ms=5 compression=lz4 acks=all");
        Meter.Id row = registry.find("lab.phase.info").gauge().getId();
        assertThat(ProducerSettings.NAMES).as("a label per setting").allSatisfy(name -> assertThat(
                        row.getTag(LoadMetrics.labelName(name)))
                .as(name)
                .isNotNull());
        assertThat(row.getTag("payload_bytes"))
                .as("named as Prometheus labels are")
                .isEqualTo("400");
        assertThat(row.getTag("compression_level"))
                .as("a setting without a value")
                .isEqualTo("none");
        assertThat(row.getTag("rate")).as("as a scenario file writes it").isEqualTo("1000");

        LoadState named = warmUp.apply(SettingsChange.phase(7001, "acks-1#2"));
        metrics.showPhase(named);
        assertThat(phaseInfo(registry))
                .containsExactly("phase=7001 name=acks-1#2 linger_ms=5 compression=lz4 acks=all");

        metrics.showPhase(named.apply(SettingsChange.phase(7002)));
        assertThat(phaseInfo(registry))
                .containsExactly("phase=7002 name=phase-7002 linger_ms=5 compression=lz4 acks=all");

        ProducerSettings leaderOnly = settings.apply(SettingsChange.read(Map.of("acks", "1")));
        metrics.showPhase(new LoadState(leaderOnly, true, 7003, "acks-1", "lab.orders", true));
        assertThat(phaseInfo(registry)).containsExactly("phase=7003 name=acks-1 linger_ms=5 compression=lz4 acks=1");
    }

    private static java.util.List<String> phaseInfo(SimpleMeterRegistry registry) {
        return registry.find("lab.phase.info").gauges().stream()
                .filter(g -> g.value() == 1)
                .map(LoadMetricsTest::describe)
                .toList();
    }

    private static String describe(Gauge g) {
        return "phase=" + g.getId().getTag("phase") + " name=" + g.getId().getTag("name") + " linger_ms="
                + g.getId().getTag("linger_ms") + " compression=" + g.getId().getTag("compression") + " acks="
                + g.getId().getTag("acks");
    }
}
