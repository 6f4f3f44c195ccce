package dev.latencylab.consumer.latency;

import dev.latencylab.consumer.LabConsumerProperties;
import dev.latencylab.core.accounting.OffsetLedger;
import dev.latencylab.core.latency.LatencyRecorder;
import java.io.IOException;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ContainerCustomizer;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;

@Configuration(proxyBeanMethods = false)
class LatencyConfiguration {

    private static final Logger log = LoggerFactory.getLogger(LatencyConfiguration.class);

    @Bean
    LatencyRecorder latencyRecorder(
            LabConsumerProperties properties, @Value("${spring.kafka.consumer.group-id}") String group)
            throws IOException {
        Path file = properties.ledgerDir().resolve(fileName("ledger-" + group + "-" + properties.topic() + ".bin"));
        OffsetLedger ledger = OffsetLedger.open(file);
        log.info("Offset ledger of group {} on {}: {}", group, properties.topic(), ledger.location());
        return new LatencyRecorder(properties.lossGrace(), ledger);
    }

    /** Group ids and topic names may hold characters a file name should not. */
    static String fileName(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /**
     * Offset commits do not stall the listener thread, which timestamps every record it hands
     * over: the accounting needs no commit for correctness (the offset ledger tells a re-read
     * record from a new one), commits only bound how much is re-read. Each assignment checks the
     * ledger against the log ({@link StaleLedgerCheck}). Boot applies a single customizer bean to
     * its container factory.
     */
    @Bean
    ContainerCustomizer<Object, Object, ConcurrentMessageListenerContainer<Object, Object>> listenerContainer(
            LatencyRecorder recorder) {
        return container -> {
            container.getContainerProperties().setSyncCommits(false);
            container.getContainerProperties().setConsumerRebalanceListener(new StaleLedgerCheck(recorder));
        };
    }
}
