package dev.latencylab.producer.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.api.accounting.PhaseIds;
import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadStateTest {

    private static final ProducerSettings SETTINGS =
            new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID);

    @Test
    void aPhaseLastsUntilTheNextChangeOfASettingThatNamesNoPhase() {
        LoadState inPhase = new LoadState(SETTINGS, false, "lab.orders").apply(SettingsChange.start(SETTINGS, 9));
        assertThat(inPhase.phase()).isEqualTo(9);
        assertThat(inPhase.apply(SettingsChange.stop()).phase()).isEqualTo(9);
        assertThat(inPhase.apply(SettingsChange.linger(20)).phase()).isEqualTo(PhaseIds.FIRST_BY_HAND);
        LoadState next = inPhase.apply(SettingsChange.none().inPhase(10));
        assertThat(next.phase()).isEqualTo(10);
        assertThat(next.settings()).isEqualTo(SETTINGS);
    }

    @Test
    void aStopAfterACountGoesWithARunningLoadOnly() {
        LoadState stopped = new LoadState(SETTINGS, false, "lab.orders");
        assertThat(stopped.apply(SettingsChange.start(SETTINGS, 9).stoppingAfter(100))
                        .running())
                .isTrue();
        assertThatThrownBy(() -> stopped.apply(SettingsChange.phase(9).stoppingAfter(100)))
                .isInstanceOfSatisfying(
                        BadSettingsException.class, e -> assertThat(e.field()).isEqualTo("stopAfterRecords"))
                .hasMessage("stopAfterRecords stops a running load: give it with running true, or while the load runs");
        LoadState running = stopped.apply(SettingsChange.start(SETTINGS, 9));
        assertThatThrownBy(() -> running.apply(SettingsChange.stop().stoppingAfter(100)))
                .isInstanceOf(BadSettingsException.class);
        assertThat(running.apply(SettingsChange.none().stoppingAfter(100))).isEqualTo(running);
    }

    @Test
    void recordsWithoutTheHeaderBelongToNoPhaseAndAPhasesStartPutsTheHeaderBack() {
        LoadState inPhase = new LoadState(SETTINGS, true, "lab.orders").apply(SettingsChange.start(SETTINGS, 9));
        LoadState bare = inPhase.apply(SettingsChange.stop().withHeader(false));
        assertThat(bare.header()).isFalse();
        assertThat(bare.phase()).isZero();
        assertThatThrownBy(() -> bare.apply(SettingsChange.phase(10)))
                .isInstanceOfSatisfying(
                        BadSettingsException.class, e -> assertThat(e.field()).isEqualTo("header"))
                .hasMessageContaining("phase 10");
        assertThatThrownBy(() -> inPhase.apply(SettingsChange.none().inPhase(11).withHeader(false)))
                .isInstanceOf(BadSettingsException.class);
        LoadState again = bare.apply(SettingsChange.start(SETTINGS, 12));
        assertThat(again.header()).isTrue();
        assertThat(again.phase()).isEqualTo(12);
    }

    @Test
    void aPhasesNameLastsAsLongAsItsPhaseAndNamesOnlyAPhaseGivenWithIt() {
        LoadState named = new LoadState(SETTINGS, true, "lab.orders")
                .apply(SettingsChange.start(SETTINGS, 9).named("linger-5#2"));
        assertThat(named.phaseName()).isEqualTo("linger-5#2");
        assertThat(named.apply(SettingsChange.stop()).phaseName()).isEqualTo("linger-5#2");
        assertThat(named.apply(SettingsChange.phase(10)).phaseName()).isNull();
        assertThat(named.apply(SettingsChange.linger(20)).phaseName()).isEqualTo("by hand: lingerMs=20");

        assertThatThrownBy(() -> named.apply(SettingsChange.stop().named("other")))
                .isInstanceOfSatisfying(
                        BadSettingsException.class, e -> assertThat(e.field()).isEqualTo("phaseName"));
        assertThatThrownBy(() -> named.apply(SettingsChange.phase(0, "warm-up")))
                .isInstanceOfSatisfying(
                        BadSettingsException.class, e -> assertThat(e.field()).isEqualTo("phaseName"))
                .hasMessageContaining("phase 0");
    }

    @Test
    void aChangeOfTheKafkaPropertiesTakesANewProducerAndAStartWithoutThemGoesBackToNone() {
        LoadState plain = new LoadState(SETTINGS, true, "lab.orders");
        LoadState tuned =
                plain.apply(SettingsChange.read(java.util.Map.of("producerConfig", java.util.Map.of("retries", 3))));
        SettingsChange retries =
                SettingsChange.read(java.util.Map.of("producerConfig", java.util.Map.of("retries", 3)));
        assertThat(tuned.needsNewProducer(plain, retries)).isTrue();
        assertThat(tuned.apply(SettingsChange.phase(5)).needsNewProducer(tuned, SettingsChange.phase(5)))
                .isFalse();
        SettingsChange start = SettingsChange.start(SETTINGS, 6);
        LoadState back = tuned.apply(start);
        assertThat(back.settings().producerConfig()).isEmpty();
        assertThat(back.needsNewProducer(tuned, start)).isTrue();
    }

    @Test
    void aPhaseStartedWithItsSettingsTakesAFreshClientEvenWhenOnlyTheRateOrNothingChanged() {
        // Its trailing gauges (batch size, queue time, compression rate) then hold this phase alone.
        LoadState running = new LoadState(SETTINGS, true, "lab.orders").apply(SettingsChange.start(SETTINGS, 1));
        SettingsChange same = SettingsChange.start(SETTINGS, 2);
        assertThat(running.apply(same).needsNewProducer(running, same)).isTrue();
        ProducerSettings faster = new ProducerSettings(5, 16_384, Compression.NONE, 2_000, 400, KeyStrategy.ORDER_ID);
        SettingsChange rate = SettingsChange.start(faster, 3);
        assertThat(running.apply(rate).needsNewProducer(running, rate)).isTrue();
        // As the runner starts each phase: its warm-up in phase 0, the window tagged later. A phase after one
        // with the same client settings (only its rate or topic differs) still gets a fresh client.
        LoadState warm = running.apply(SettingsChange.start(SETTINGS, 0, "lab.orders.a"));
        SettingsChange next = SettingsChange.start(faster, 0, "lab.orders.b");
        assertThat(warm.apply(next).needsNewProducer(warm, next)).isTrue();
        // A tag within a phase, a stop, a rate change by hand outside any phase: the same client.
        assertThat(running.apply(SettingsChange.phase(4)).needsNewProducer(running, SettingsChange.phase(4)))
                .isFalse();
        assertThat(running.apply(SettingsChange.stop()).needsNewProducer(running, SettingsChange.stop()))
                .isFalse();
        // A change by hand is a phase of its own: a fresh client, so its gauges hold it alone.
        SettingsChange byHand = SettingsChange.read(java.util.Map.of("rate", 800));
        LoadState handPhase = running.apply(byHand);
        assertThat(handPhase.needsNewProducer(running, byHand)).isTrue();
        // Stopping and starting it again by hand keeps its phase, and its client.
        SettingsChange stop = SettingsChange.stop();
        assertThat(handPhase.apply(stop).needsNewProducer(handPhase, stop)).isFalse();
    }

    @Test
    void eachChangeByHandIsAPhaseOfItsOwnNamedAfterTheChangeAboveTheRunnersIds() {
        HandPhaseIds ids = new HandPhaseIds(7);
        LoadState inPhase = new LoadState(SETTINGS, true, "lab.orders").apply(SettingsChange.start(SETTINGS, 9));
        LoadState first = inPhase.apply(SettingsChange.linger(20), ids::next);
        LoadState second = first.apply(SettingsChange.linger(20), ids::next);
        LoadState third = second.apply(
                SettingsChange.read(java.util.Map.of("compression", "lz4", "rate", 50, "running", true)), ids::next);
        assertThat(List.of(first.phase(), second.phase(), third.phase()))
                .containsExactly(PhaseIds.FIRST_BY_HAND + 7, PhaseIds.FIRST_BY_HAND + 8, PhaseIds.FIRST_BY_HAND + 9);
        assertThat(third.phaseName()).isEqualTo("by hand: compression=lz4 rate=50.0");
        // Start, stop and a mere tag are no change of settings: the phase stays, name and all.
        LoadState stopped = third.apply(SettingsChange.stop(), ids::next);
        assertThat(stopped.phase()).isEqualTo(third.phase());
        assertThat(stopped.phaseName()).isEqualTo(third.phaseName());
        // The runner's warm-ups name phase 0 and stay there; records without the header belong to none.
        assertThat(third.apply(SettingsChange.start(SETTINGS, 0), ids::next).phase())
                .isZero();
        assertThat(third.apply(SettingsChange.none().withHeader(false), ids::next)
                        .phase())
                .isZero();
        assertThat(third.apply(SettingsChange.stopOn("lab.other"), ids::next).phase())
                .isZero();
    }

    @Test
    void idsByHandComeRoundWithinTheirOwnSpaceAndANameByHandIsCut() {
        HandPhaseIds ids = new HandPhaseIds(Integer.MAX_VALUE - PhaseIds.FIRST_BY_HAND);
        assertThat(ids.next()).isEqualTo(Integer.MAX_VALUE);
        assertThat(ids.next()).isEqualTo(PhaseIds.FIRST_BY_HAND);
        for (int i = 0; i < 1000; i++) {
            assertThat(PhaseIds.byHand(new HandPhaseIds().next())).isTrue();
        }
        String longName = LoadState.nameByHand(SettingsChange.read(
                java.util.Map.of("producerConfig", java.util.Map.of("client.rack", "r".repeat(300)))));
        assertThat(longName)
                .hasSize(LoadState.MAX_NAME_BY_HAND)
                .startsWith("by hand: producerConfig=")
                .endsWith("...");
        assertThat(LoadState.nameByHand(SettingsChange.read(java.util.Map.of(
                        "producerConfig", java.util.Map.of("retries", 3), "topic", "lab.x", "lingerMs", 2))))
                .as("the other properties last, so a long set cannot cut the topic off")
                .isEqualTo("by hand: lingerMs=2 topic=lab.x producerConfig={retries=3}");
    }
}
