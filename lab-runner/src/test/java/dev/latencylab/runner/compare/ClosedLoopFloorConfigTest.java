package dev.latencylab.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The floor's clients on a cluster the lab did not start: the user's security settings, the floor's own settings. */
class ClosedLoopFloorConfigTest {

    private static Properties users() {
        Properties p = new Properties();
        p.setProperty("security.protocol", "SASL_SSL");
        p.setProperty("sasl.mechanism", "PLAIN");
        // Not the user's to change: the floor is timed with its own settings.
        p.setProperty("acks", "1");
        p.setProperty("enable.auto.commit", "true");
        return p;
    }

    @Test
    void theFloorsClientsReadTheUsersClientConfigAndKeepTheirOwnSettings() {
        ClosedLoopFloor floor = new ClosedLoopFloor("broker:9094", users(), 16384, 400);

        assertThat(floor.producerConfig())
                .containsEntry("security.protocol", "SASL_SSL")
                .containsEntry("sasl.mechanism", "PLAIN")
                .containsEntry("acks", "all")
                .containsEntry("bootstrap.servers", "broker:9094");
        for (FloorFetch fetch : FloorFetch.values()) {
            assertThat(floor.consumerConfig(fetch))
                    .as(fetch.name())
                    .containsEntry("security.protocol", "SASL_SSL")
                    .containsEntry("sasl.mechanism", "PLAIN")
                    .containsEntry("enable.auto.commit", "false")
                    .containsEntry("bootstrap.servers", "broker:9094");
        }
    }

    @Test
    void onTheLabsOwnBrokersTheFloorHasNoSecuritySettings() {
        ClosedLoopFloor floor = new ClosedLoopFloor("127.0.0.1:9092", 16384, 400);

        assertThat(floor.producerConfig()).doesNotContainKey("security.protocol");
        assertThat(floor.consumerConfig(FloorFetch.values()[0])).doesNotContainKey("security.protocol");
    }
}
