package dev.latencylab.consumer.latency;

import dev.latencylab.api.latency.ConsumerDescription;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.consumer.LabConsumerProperties;
import dev.latencylab.consumer.modes.BatchProcessing;
import dev.latencylab.consumer.modes.ConsumerModes;
import dev.latencylab.consumer.modes.SettingsFile;
import dev.latencylab.consumer.modes.ShareGroupReader;
import dev.latencylab.core.accounting.GroupLedgers;
import dev.latencylab.core.accounting.OffsetLedgers;
import dev.latencylab.core.latency.LatencyRecorder;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.kafka.config.ContainerCustomizer;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;

@Configuration(proxyBeanMethods = false)
class LatencyConfiguration {

    private static final Logger log = LoggerFactory.getLogger(LatencyConfiguration.class);

    @Bean
    LatencyRecorder latencyRecorder(
            LabConsumerProperties properties, @Value("${spring.kafka.consumer.group-id}") String group)
            throws IOException {
        log.info("Offset ledgers of group {}, one per topic, in {}", group, properties.ledgerDir());
        return new LatencyRecorder(
                properties.lossGrace(),
                new GroupLedgers(
                        OffsetLedgers.inDirectory(properties.ledgerDir(), group),
                        OffsetLedgers.sharedInDirectory(properties.ledgerDir(), ShareGroupReader.shareGroupOf(group))));
    }

    /**
     * The consumer settings that shape latency, as the app is configured (Boot's keys or the
     * client's own under spring.kafka.consumer.properties), else the Kafka client's defaults: the
     * consumer's part of every phase's description, on which {@link ConsumerModes} lays the
     * settings in effect.
     */
    @Bean
    ConsumerDescription consumerDescription(
            LabConsumerProperties properties,
            @Value("${spring.kafka.consumer.group-id}") String group,
            Environment env) {
        Map<String, Object> kafkaDefaults = ConsumerConfig.configDef().defaultValues();
        Map<String, String> settings = new TreeMap<>();
        for (Map.Entry<String, String> e : BOOT_KEYS.entrySet()) {
            String value = env.getProperty("spring.kafka.consumer.properties." + e.getKey());
            if (value == null) {
                value = env.getProperty("spring.kafka.consumer." + e.getValue());
            }
            if (value == null && kafkaDefaults.get(e.getKey()) != null) {
                value = String.valueOf(kafkaDefaults.get(e.getKey()));
            }
            settings.put(e.getKey(), value == null ? "client default" : value);
        }
        return new ConsumerDescription(properties.topics(), group, settings);
    }

    /** Kafka's consumer settings that shape latency, with Boot's property for each. */
    private static final Map<String, String> BOOT_KEYS = Map.of(
            ConsumerConfig.FETCH_MIN_BYTES_CONFIG, "fetch-min-size",
            ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "fetch-max-wait",
            ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "max-poll-records",
            ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "auto-offset-reset",
            ConsumerConfig.ISOLATION_LEVEL_CONFIG, "isolation-level",
            ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, "max-partition-fetch-bytes",
            ConsumerConfig.GROUP_PROTOCOL_CONFIG, "group-protocol");

    /** Where the settings in effect are kept across a restart of this instance, if anywhere. */
    @Bean
    SettingsFile settingsFile(LabConsumerProperties properties) {
        return properties.settingsFile() == null ? SettingsFile.none() : SettingsFile.at(properties.settingsFile());
    }

    /**
     * The settings this instance starts with: those it had before a restart, else the defaults.
     * Read once, so that both containers and {@link ConsumerModes} start from the same.
     */
    @Bean
    ConsumerSettings initialConsumerSettings(SettingsFile settingsFile) {
        return settingsFile.initial();
    }

    /**
     * Both listener containers start with the initial consumer settings (fetch and commit parts,
     * the group protocol among the Kafka properties, so the first join already uses them; {@link
     * ConsumerModes} changes them later). The accounting needs no commit for correctness (the
     * offset ledger tells a re-read record from a new one): commits only bound how much is re-read.
     * Each assignment checks the ledger against the log ({@link StaleLedgerCheck}) and fixes the new
     * partitions' positions before announcing them ({@link AssignedPartitions}). Boot applies a
     * single customizer bean to its container factory.
     */
    @Bean
    ContainerCustomizer<Object, Object, ConcurrentMessageListenerContainer<Object, Object>> listenerContainer(
            AssignedPartitions assigned, ConsumerSettings initialConsumerSettings) {
        return container -> {
            // The listener first: configure adds to it the commit on revocation that commit auto needs.
            container.getContainerProperties().setConsumerRebalanceListener(assigned);
            ConsumerModes.configure(container.getContainerProperties(), initialConsumerSettings);
            // The listener the initial settings name is the one that joins: the record listener
            // when an instance that ran it is started again, else the batch one.
            if (isLabListener(container.getListenerId())) {
                container.setAutoStartup(
                        container.getListenerId().equals(ConsumerModes.listenerId(initialConsumerSettings.listener())));
            }
        };
    }

    private static boolean isLabListener(String id) {
        return ConsumerModes.BATCH_LISTENER.equals(id) || ConsumerModes.RECORD_LISTENER.equals(id);
    }

    @Bean
    ConsumerModes consumerModes(
            KafkaListenerEndpointRegistry registry,
            ConsumerDescription description,
            ConsumerSettings initialConsumerSettings,
            SettingsFile settingsFile,
            ShareGroupReader shareGroupReader,
            MeterRegistry meters) {
        return new ConsumerModes(
                registry, description, initialConsumerSettings, settingsFile, shareGroupReader, meters);
    }

    /**
     * The app as a share group member. Its listener and the consumer factory are looked up when it
     * first reads as one: the listener needs the consumer modes, which need this.
     */
    @Bean
    ShareGroupReader shareGroupReader(
            ObjectProvider<ConsumerFactory<?, ?>> consumerFactory,
            LabConsumerProperties properties,
            @Value("${spring.kafka.consumer.group-id}") String group,
            LatencyRecorder recorder,
            ObjectProvider<LatencyListener> listener) {
        return new ShareGroupReader(
                () -> consumerFactory.getObject().getConfigurationProperties(),
                group,
                Pattern.compile(properties.topics()),
                recorder,
                record -> listener.getObject().onShareRecord(record));
    }

    /**
     * An instance started again in share mode reads on as the share group once it is ready. If it
     * cannot (the cluster unreachable, the share ledger held by another instance), it says why and
     * stays up, not reading: the endpoints still answer, and {@code {"consuming": true}} tries again.
     */
    @Bean
    ApplicationListener<ApplicationReadyEvent> shareGroupResume(ConsumerModes modes) {
        return ready -> {
            try {
                modes.resumeShareGroup();
            } catch (RuntimeException e) {
                log.error(
                        "Could not read on as the share group after the restart; not reading until asked to"
                                + " resume ({\"consuming\": true}): {}",
                        e.toString());
            }
        };
    }

    @Bean(destroyMethod = "close")
    BatchProcessing batchProcessing() {
        return new BatchProcessing();
    }

    @Bean
    AssignedPartitions assignedPartitions(LatencyRecorder recorder) {
        return new AssignedPartitions(new StaleLedgerCheck(recorder), recorder);
    }
}
