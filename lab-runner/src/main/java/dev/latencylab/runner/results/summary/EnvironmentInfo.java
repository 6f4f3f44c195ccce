package dev.latencylab.runner.results.summary;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.Map;
import java.util.Properties;

/** environment.json: what the run ran on, so two results folders can be told apart. */
public record EnvironmentInfo(
        String labVersion,
        String kafkaClientsVersion,
        String kafkaClientsVersionSource,
        String javaVersion,
        String javaVendor,
        String os,
        String osArch,
        int cores,
        Long memoryBytes,
        Instant startedAt,
        Instant endedAt,
        Map<String, String> endpoints) {

    /** What the build wrote into build-info.properties. */
    public record Build(String labVersion, String kafkaClientsVersion) {
        public static Build load() {
            Properties p = new Properties();
            try (InputStream in =
                    EnvironmentInfo.class.getResourceAsStream("/dev/latencylab/runner/build-info.properties")) {
                if (in != null) {
                    p.load(in);
                }
            } catch (IOException e) {
                // An unreadable resource leaves the versions unknown rather than failing a finished run.
            }
            return new Build(known(p.getProperty("lab.version")), known(p.getProperty("kafka.clients.version")));
        }

        private static String known(String v) {
            return v == null || v.isBlank() || v.startsWith("@") ? null : v;
        }
    }

    /**
     * Describes this machine. The kafka-clients version is the one the producer reports in its
     * metrics when Prometheus has it, else the one this lab was built against.
     */
    public static EnvironmentInfo describe(
            String producerKafkaVersion, Instant startedAt, Instant endedAt, Map<String, String> endpoints) {
        Build build = Build.load();
        String kafka = producerKafkaVersion != null ? producerKafkaVersion : build.kafkaClientsVersion();
        String source = producerKafkaVersion != null
                ? "producer-app metrics (kafka_version label)"
                : build.kafkaClientsVersion() != null ? "lab build (kafka.version)" : null;
        return new EnvironmentInfo(
                build.labVersion(),
                kafka,
                source,
                System.getProperty("java.version"),
                System.getProperty("java.vendor"),
                System.getProperty("os.name") + " " + System.getProperty("os.version"),
                System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors(),
                memory(),
                startedAt,
                endedAt,
                Map.copyOf(endpoints));
    }

    private static Long memory() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize();
        }
        return null;
    }
}
