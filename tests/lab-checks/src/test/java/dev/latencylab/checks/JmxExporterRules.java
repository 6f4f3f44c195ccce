package dev.latencylab.checks;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The brokers' JMX exporter rules run by the exporter itself: the agent jar the brokers load (copied into
 * target/jmx-agent by this module's build), in a class loader of its own, collects this JVM's MBeans with
 * observability/jmx-exporter/kafka-broker.yml and writes them as a scrape would show them.
 */
final class JmxExporterRules {

    static final Path RULES = Repo.path("observability/jmx-exporter/kafka-broker.yml");
    static final Path AGENT = Repo.path("tests/lab-checks/target/jmx-agent/jmx_prometheus_javaagent.jar");

    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})?\\s+(\\S+)$");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    /** One exported sample: its name as scraped (with any suffix the exporter adds) and its labels. */
    record Sample(String name, Map<String, String> labels, String line) {}

    private JmxExporterRules() {}

    /** What a scrape of this JVM would return under the rules, in Prometheus' text format. */
    static String scrape() throws Exception {
        if (!Files.isRegularFile(AGENT)) {
            throw new IllegalStateException(AGENT + " is missing: build this module with Maven"
                    + " (its generate-test-resources phase copies the exporter agent there)");
        }
        ClassLoader parent = ClassLoader.getPlatformClassLoader();
        try (URLClassLoader agent = new URLClassLoader(new URL[] {AGENT.toUri().toURL()}, parent)) {
            Object collector = agent.loadClass("io.prometheus.jmx.JmxCollector")
                    .getConstructor(File.class)
                    .newInstance(RULES.toFile());
            // Registered as the agent registers it (which also makes its own jmx_* gauges), scraped as a scrape does.
            Class<?> registryClass = agent.loadClass("io.prometheus.metrics.model.registry.PrometheusRegistry");
            Object registry = registryClass.getConstructor().newInstance();
            collector.getClass().getMethod("register", registryClass).invoke(collector, registry);
            Object snapshots = registryClass.getMethod("scrape").invoke(registry);
            Class<?> writerClass =
                    agent.loadClass("io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter");
            Object writer = writerClass.getConstructor(boolean.class).newInstance(false);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            writerClass
                    .getMethod(
                            "write",
                            OutputStream.class,
                            agent.loadClass("io.prometheus.metrics.model.snapshots.MetricSnapshots"))
                    .invoke(writer, out, snapshots);
            return out.toString(StandardCharsets.UTF_8);
        }
    }

    static List<Sample> samples(String scrape) {
        List<Sample> samples = new ArrayList<>();
        for (String line : scrape.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher m = SAMPLE.matcher(line.strip());
            if (!m.matches()) {
                throw new IllegalArgumentException("not a sample line: " + line);
            }
            Map<String, String> labels = new LinkedHashMap<>();
            if (m.group(2) != null) {
                Matcher l = LABEL.matcher(m.group(2));
                while (l.find()) {
                    labels.put(l.group(1), l.group(2));
                }
            }
            samples.add(new Sample(m.group(1), labels, line));
        }
        return samples;
    }
}
