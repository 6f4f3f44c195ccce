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
        assertThat(OneMachine.holds(LOCAL_APPS, "127.0.0.1:9092,127.0.0.1:9093,[::1]:9094", null))
                .isTrue();
        assertThat(OneMachine.cores(LOCAL_APPS, "localhost:9092", null))
                .isEqualTo(Runtime.getRuntime().availableProcessors());
    }

    /** As scripts/lab describes its local stack (LAB_STACK). */
    private static final String LOCAL = "local processes (the Docker-less mode), Kafka 4.3.1 brokers";

    @Test
    void scriptsLabDescribesItsLocalStackAsThisCheckReadsIt() throws java.io.IOException {
        assertThat(java.nio.file.Files.readString(java.nio.file.Path.of("../scripts/lab")))
                .contains("printf '" + OneMachine.LOCAL_STACK + " (the Docker-less mode)");
    }

    @Test
    void theLabsOwnNamespaceHostsAreThisMachine() {
        // scripts/lab up --local --hosts: the apps on addresses of network namespaces on this machine's kernel.
        List<URI> onNamespaceHosts = List.of(URI.create("http://10.78.1.2:8080"), URI.create("http://10.78.2.2:8081"));

        assertThat(OneMachine.holds(onNamespaceHosts, "127.0.0.1:9092", LOCAL)).isTrue();
        assertThat(OneMachine.holds(onNamespaceHosts, "127.0.0.1:9092", null)).isFalse();
        assertThat(OneMachine.holds(
                        onNamespaceHosts, "127.0.0.1:9092", "local mode against an existing cluster (b-1:9092)"))
                .isFalse();
    }

    @Test
    void anAppOnAWorkerOrABrokerOfAUsersClusterRunsElsewhere() {
        assertThat(OneMachine.holds(
                        List.of(URI.create("http://127.0.0.1:8080"), URI.create("http://10.0.0.7:8081")),
                        "127.0.0.1:9092",
                        null))
                .isFalse();
        assertThat(OneMachine.holds(LOCAL_APPS, "127.0.0.1:9092,kafka-2.example.com:9092", null))
                .isFalse();
        assertThat(OneMachine.cores(LOCAL_APPS, "b-1.msk.example:9098", LOCAL)).isZero();
        // Brokers read from the user's own Prometheus run elsewhere, even behind a tunnel on 127.0.0.1.
        Workers apps = new Workers(LOCAL_APPS.subList(0, 1), LOCAL_APPS.subList(1, 2));
        assertThat(OneMachine.cores(apps, "127.0.0.1:9092", true, LOCAL)).isZero();
        assertThat(OneMachine.cores(apps, "127.0.0.1:9092", false, null)).isPositive();
    }
}
