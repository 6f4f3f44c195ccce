package dev.latencylab.api.latency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.ListenerType;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsumerDescriptionTest {

    @Test
    void aConsumerReadsAsAShareGroupExactlyWhenItsListenerIsShare() {
        for (ListenerType listener : ListenerType.values()) {
            ConsumerDescription d = new ConsumerDescription("lab.orders.*", "g", Map.of("listener", listener.label()));
            assertThat(d.shareGroup()).as(listener.label()).isEqualTo(listener == ListenerType.SHARE);
        }
        assertThat(new ConsumerDescription("lab.orders.*", "g", Map.of()).shareGroup())
                .as("an app from before the listener was described")
                .isFalse();
    }
}
