package dev.latencylab.producer.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
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
        LoadState next = inPhase.apply(new SettingsChange(null, null, null, null, null, null, null, 10));
        assertThat(next.phase()).isEqualTo(10);
        assertThat(next.settings()).isEqualTo(SETTINGS);
    }

    @Test
    void theHeaderKeyIsMadeAgainOnlyWhenASettingChanges() {
        LoadState before = new LoadState(SETTINGS, true, "lab.orders");
        assertThat(before.apply(SettingsChange.stop()).headerKey()).isSameAs(before.headerKey());
        assertThat(before.apply(SettingsChange.linger(20)).headerKey().lingerMs())
                .isEqualTo(20);
    }
}
