package dev.latencylab.runner.compare;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Command lines for Kafka's own tools from {@code stack/local-cluster/target/lib} (the jars the local
 * brokers run from): ProducerPerformance, ConsumerPerformance, EndToEndLatency and TopicCommand, each in its
 * own JVM.
 */
public final class KafkaTools {

    public static final String PRODUCER_PERFORMANCE = "org.apache.kafka.tools.ProducerPerformance";
    public static final String END_TO_END_LATENCY = "org.apache.kafka.tools.EndToEndLatency";
    public static final String TOPIC_COMMAND = "org.apache.kafka.tools.TopicCommand";
    public static final String CONSUMER_PERFORMANCE = "org.apache.kafka.tools.ConsumerPerformance";

    /**
     * Set by scripts/lab to the lab apps' JVM options (.env's LAB_APP_JAVA_OPTS, or the user's
     * override): the tools get the same, so neither side has more memory.
     */
    static final String APP_JAVA_OPTS_VARIABLE = "LAB_APP_JAVA_OPTS";

    /** Without scripts/lab (the runner started by hand): .env's value, which KafkaToolsTest holds it to. */
    static final String DEFAULT_APP_JAVA_OPTS = "-Xms512m -Xmx512m";

    /** The tools print numbers with the default locale; an English one keeps the dot the parsers read. */
    private static final List<String> LOCALE_OPTIONS = List.of("-Duser.language=en", "-Duser.country=US");

    static final long REPORTING_INTERVAL_MS = 1000;
    /** ConsumerPerformance's lines while it drains a backlog: a drain takes a second or two. */
    static final long DETAILED_INTERVAL_MS = 100;

    private final Path java;
    private final Path lib;
    private final String bootstrap;
    private final List<String> jvmOptions;
    /** The user's client config file (an existing cluster's security settings), given to every tool. */
    private final Optional<Path> clientConfig;
    /** The user's folder of extra client jars (a login module, a callback handler), on every tool's class path. */
    private final Optional<Path> clientJars;

    public KafkaTools(Path java, Path lib, String bootstrap) {
        this(java, lib, bootstrap, System.getenv(APP_JAVA_OPTS_VARIABLE));
    }

    KafkaTools(Path java, Path lib, String bootstrap, String appJavaOpts) {
        this(java, lib, bootstrap, jvmOptions(appJavaOpts), Optional.empty(), Optional.empty());
    }

    private KafkaTools(
            Path java,
            Path lib,
            String bootstrap,
            List<String> jvmOptions,
            Optional<Path> clientConfig,
            Optional<Path> clientJars) {
        this.java = java;
        this.lib = lib;
        this.bootstrap = bootstrap;
        this.jvmOptions = jvmOptions;
        this.clientConfig = clientConfig;
        this.clientJars = clientJars;
    }

    /**
     * These tools on a cluster the lab did not start: each reads {@code clientConfig} (its
     * {@code --command-config}; none when empty) and has the jars of {@code clientJars} on its class path.
     */
    public KafkaTools forClient(Optional<Path> clientConfig, Optional<Path> clientJars) {
        return new KafkaTools(java, lib, bootstrap, jvmOptions, clientConfig, clientJars);
    }

    /** The apps' JVM options (blank: the default), then the locale the parsers need. */
    static List<String> jvmOptions(String appJavaOpts) {
        String opts = appJavaOpts == null || appJavaOpts.isBlank() ? DEFAULT_APP_JAVA_OPTS : appJavaOpts;
        List<String> options = new ArrayList<>(List.of(opts.strip().split("\\s+")));
        options.addAll(LOCALE_OPTIONS);
        return List.copyOf(options);
    }

    /** The java running this runner, so the tools run on the same JDK as the lab's apps. */
    public static Path currentJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /** The kafka-tools jar's version (e.g. 4.2.1); fails with a hint when the jars are not built. */
    public String requireToolsJar() {
        try (Stream<Path> files = Files.isDirectory(lib) ? Files.list(lib) : Stream.empty()) {
            Optional<String> version = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.matches("kafka-tools-\\d[^/]*\\.jar"))
                    .map(n -> n.substring("kafka-tools-".length(), n.length() - ".jar".length()))
                    .findFirst();
            return version.orElseThrow(
                    () -> new CompareException(
                            "no kafka-tools jar in " + lib
                                    + ": build it with './mvnw -q -pl stack/local-cluster -am install -DskipTests' (or give --kafka-lib DIR)"));
        } catch (IOException e) {
            throw new UncheckedIOException("could not list " + lib, e);
        }
    }

    /**
     * Unthrottled ProducerPerformance with the lab's producer settings, printing the acknowledged
     * rate every second (the intervals the comparison measures over). Give it more records than it
     * can send in the time it is allowed, and stop it: then it never runs dry inside the window. It
     * sends the one value of {@code payloadFile} ({@link ToolPayload}), as the producer-app doing its
     * work sends one value made once.
     */
    public List<String> producerPerformance(
            String topic, long records, Path payloadFile, Map<String, String> producerProperties) {
        return producerPerformance(topic, records, payloadFile, producerProperties, -1);
    }

    /** {@link #producerPerformance} at {@code throughput} records/s (-1: unthrottled). */
    public List<String> producerPerformance(
            String topic, long records, Path payloadFile, Map<String, String> producerProperties, long throughput) {
        List<String> c = command(
                PRODUCER_PERFORMANCE,
                "--topic",
                topic,
                "--num-records",
                Long.toString(records),
                "--payload-file",
                payloadFile.toAbsolutePath().toString(),
                "--throughput",
                Long.toString(throughput),
                "--reporting-interval",
                Long.toString(REPORTING_INTERVAL_MS),
                "--command-property");
        producerProperties.forEach((k, v) -> c.add(k + "=" + v));
        return c;
    }

    /**
     * ConsumerPerformance reading {@code records} records of {@code topic} from its beginning, in a
     * group of its own, printing its count every 100 ms; it stops when nothing comes for {@code timeoutMs}. Its own fetch settings
     * (a 2 MiB socket receive buffer, CRC checks off, 1 MiB per partition) are the ones the
     * consumer-app is given for the same drain.
     */
    public List<String> consumerPerformance(String topic, long records, String group, long timeoutMs) {
        List<String> c = consumerPerformance(topic, records, group, timeoutMs, false);
        c.addAll(List.of("--show-detailed-stats", "--reporting-interval", Long.toString(DETAILED_INTERVAL_MS)));
        return c;
    }

    /** {@link #consumerPerformance}; {@code fromLatest}: only what is written after it joins. */
    public List<String> consumerPerformance(
            String topic, long records, String group, long timeoutMs, boolean fromLatest) {
        List<String> c = command(
                CONSUMER_PERFORMANCE,
                "--topic",
                topic,
                "--num-records",
                Long.toString(records),
                "--group",
                group,
                "--timeout",
                Long.toString(timeoutMs));
        if (fromLatest) {
            c.add("--from-latest");
        }
        return c;
    }

    /**
     * EndToEndLatency: one record at a time, acks=all. It takes no producer settings that matter
     * here: it sets linger.ms=0 itself, after reading any --command-config.
     */
    public List<String> endToEndLatency(String topic, long records, int recordSize) {
        return command(
                END_TO_END_LATENCY,
                "--topic",
                topic,
                "--num-records",
                Long.toString(records),
                "--producer-acks",
                "all",
                "--record-size",
                Integer.toString(recordSize));
    }

    public List<String> topics(String... args) {
        return command(TOPIC_COMMAND, args);
    }

    /**
     * A tool's command line pointed at the brokers, with the user's client config when there is one (each of
     * these tools reads it as {@code --command-config}; ProducerPerformance's {@code --command-property}
     * settings win over it); callers may add arguments to it.
     */
    private List<String> command(String mainClass, String... args) {
        List<String> c = new ArrayList<>();
        c.add(java.toString());
        c.addAll(jvmOptions);
        // The JVM expands "dir/*" itself: every jar of the folder, no shell involved.
        String classPath = lib.resolve("*").toString();
        if (clientJars.isPresent()) {
            classPath += File.pathSeparator + clientJars.get().resolve("*");
        }
        c.addAll(List.of("-cp", classPath, mainClass, "--bootstrap-server", bootstrap));
        clientConfig.ifPresent(file -> c.addAll(List.of("--command-config", file.toString())));
        c.addAll(List.of(args));
        return c;
    }
}
