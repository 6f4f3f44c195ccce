package dev.latencylab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.workers.Workers;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

class OneMachineTest {

    private static final List<URI> LOCAL_APPS =
            List.of(URI.create("http://127.0.0.1:8080"), URI.create("http://localhost:8081/"));

    @Test
    void appsAndBrokersOnLoopbackAddressesRunOnThisMachine() {
        assertThat(OneMachine.holds(LOCAL_APPS, "127.0.0.1:9092,127.0.0.1:9093,[::1]:9094"))
                .isTrue();
        assertThat(OneMachine.cores(LOCAL_APPS, "localhost:9092"))
                .isEqualTo(Runtime.getRuntime().availableProcessors());
    }

    @Test
    void anAppOnAWorkerOrABrokerOfAUsersClusterRunsElsewhere() {
        assertThat(OneMachine.holds(
                        List.of(URI.create("http://127.0.0.1:8080"), URI.create("http://10.0.0.7:8081")),
                        "127.0.0.1:9092"))
                .isFalse();
        assertThat(OneMachine.holds(LOCAL_APPS, "127.0.0.1:9092,kafka-2.example.com:9092"))
                .isFalse();
        assertThat(OneMachine.cores(LOCAL_APPS, "b-1.msk.example:9098")).isZero();
        // Brokers read from the user's own Prometheus run elsewhere, even behind a tunnel on 127.0.0.1.
        Workers apps = new Workers(LOCAL_APPS.subList(0, 1), LOCAL_APPS.subList(1, 2));
        assertThat(OneMachine.cores(apps, "127.0.0.1:9092", true)).isZero();
        assertThat(OneMachine.cores(apps, "127.0.0.1:9092", false)).isPositive();
    }
}
