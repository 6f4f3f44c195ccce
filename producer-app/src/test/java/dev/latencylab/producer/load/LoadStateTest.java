package dev.latencylab.producer.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.api.settings.SettingsReader;
import org.junit.jupiter.api.Test;

class LoadStateTest {

    private static final ProducerSettings SETTINGS =
            new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID);

    @Test
    void aPhaseLastsUntilTheNextChangeOfASettingThatNamesNoPhase() {
        LoadState inPhase = new LoadState(SETTINGS, false, "lab.orders").apply(SettingsChange.start(SETTINGS, 9));
        assertThat(inPhase.phase()).isEqualTo(9);
        assertThat(inPhase.apply(SettingsChange.stop()).phase()).isEqualTo(9);
        assertThat(inPhase.apply(SettingsChange.linger(20)).phase()).isZero();
        LoadState next = inPhase.apply(SettingsChange.none().inPhase(10));
        assertThat(next.phase()).isEqualTo(10);
        assertThat(next.settings()).isEqualTo(SETTINGS);
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
        assertThat(named.apply(SettingsChange.linger(20)).phaseName()).isNull();

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
                plain.apply(SettingsReader.change(java.util.Map.of("producerConfig", java.util.Map.of("retries", 3))));
        assertThat(tuned.needsNewProducer(plain)).isTrue();
        assertThat(tuned.apply(SettingsChange.phase(5)).needsNewProducer(tuned)).isFalse();
        LoadState back = tuned.apply(SettingsChange.start(SETTINGS, 6));
        assertThat(back.settings().producerConfig()).isEmpty();
        assertThat(back.needsNewProducer(tuned)).isTrue();
    }
}
