package dev.latencylab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LabBrokersTest {

    @TempDir
    Path checkout;

    @Test
    void theLabsBrokersAreKnownByAddressNotBySpelling() {
        assertThat(LabBrokers.own(Defaults.BOOTSTRAP, checkout)).isTrue();
        assertThat(LabBrokers.own("localhost:9092,localhost:9093,localhost:9094", checkout))
                .isTrue();
        assertThat(LabBrokers.own("localhost:9092", checkout)).isTrue();
        assertThat(LabBrokers.own("127.0.0.1:9094, [::1]:9093", checkout)).isTrue();
        assertThat(LabBrokers.own("LOCALHOST:9093", checkout)).isTrue();
    }

    @Test
    void anotherHostOrPortIsAClusterTheLabDidNotStart() {
        assertThat(LabBrokers.own("kafka.example:9092", checkout)).isFalse();
        assertThat(LabBrokers.own("127.0.0.1:9095", checkout)).isFalse();
        assertThat(LabBrokers.own("127.0.0.1:9092,kafka.example:9092", checkout))
                .isFalse();
        assertThat(LabBrokers.own("127.0.0.2:9092", checkout)).isFalse();
        assertThat(LabBrokers.own("", checkout)).isFalse();
        assertThat(LabBrokers.own("127.0.0.1", checkout)).isFalse();
    }

    @Test
    void entriesSplitEachHostFromItsPortBracketsKept() {
        assertThat(LabBrokers.entries(" Kafka-1.Example:9092,[::1]:9093,[::1],broker"))
                .containsExactly(
                        new LabBrokers.HostPort("kafka-1.example", "9092"),
                        new LabBrokers.HostPort("[::1]", "9093"),
                        new LabBrokers.HostPort("[::1]", ""),
                        new LabBrokers.HostPort("broker", ""));
        assertThat(LabBrokers.entries(" ")).isEmpty();
        assertThat(LabBrokers.own("127.0.0.1", checkout)).isFalse();
    }

    @Test
    void theLabsAddressesAreTheUsersClusterWhileTheLabRunsAgainstOneItWasGiven() throws IOException {
        // scripts/lab up --local --bootstrap 127.0.0.1:9092,... records the user's cluster in .lab/bootstrap.
        Files.createDirectories(checkout.resolve(".lab"));
        Files.writeString(checkout.resolve(".lab/bootstrap"), Defaults.BOOTSTRAP + "\n");
        assertThat(LabBrokers.own(Defaults.BOOTSTRAP, checkout)).isFalse();
        assertThat(LabBrokers.own("localhost:9092", checkout)).isFalse();
    }
}
