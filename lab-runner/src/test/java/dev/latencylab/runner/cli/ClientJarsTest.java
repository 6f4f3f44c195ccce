package dev.latencylab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.runner.compare.KafkaTools;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --client-jars DIR}: a class outside kafka-clients that a client config names (here a producer
 * interceptor built by the test into a jar of its own) is loaded from the folder's jars when they are on the
 * class path as the lab puts them there ({@code DIR/*}), and without them the client's error names it.
 */
class ClientJarsTest {

    private static final String INTERCEPTOR = "labtest.FolderInterceptor";

    private static final String SOURCE =
            """
            package labtest;

            import java.util.Map;
            import org.apache.kafka.clients.producer.ProducerInterceptor;
            import org.apache.kafka.clients.producer.ProducerRecord;
            import org.apache.kafka.clients.producer.RecordMetadata;

            public class FolderInterceptor implements ProducerInterceptor<byte[], byte[]> {
                @Override
                public void configure(Map<String, ?> configs) {
                    System.out.println("configured from " + getClass().getProtectionDomain().getCodeSource().getLocation());
                }

                @Override
                public ProducerRecord<byte[], byte[]> onSend(ProducerRecord<byte[], byte[]> record) {
                    return record;
                }

                @Override
                public void onAcknowledgement(RecordMetadata metadata, Exception exception) {}

                @Override
                public void close() {}
            }
            """;

    @Test
    void aClientConfiguredWithAClassOfTheFolderLoadsItFromThere(@TempDir Path dir) throws Exception {
        Path jars = jarOfInterceptor(dir);

        Run with = probe(jars);
        assertThat(with.code).as(with.output).isZero();
        assertThat(with.output).contains("configured from file:" + jars.resolve("interceptor.jar"));

        Run without = probe(null);
        assertThat(without.code).as(without.output).isNotZero();
        assertThat(without.output).contains(INTERCEPTOR);
    }

    @Test
    void kafkasToolsHaveTheFoldersJarsOnTheirClassPath(@TempDir Path dir) throws Exception {
        Path jars = jarOfInterceptor(dir);
        KafkaTools tools = new KafkaTools(Path.of("java"), Path.of("lib"), "broker:9094")
                .forClient(Optional.empty(), ClientJars.checked(dir, Path.of("jars")));

        assertThat(tools.topics("--list")).containsSubsequence("-cp", "lib/*" + File.pathSeparator + jars.resolve("*"));
    }

    @Test
    void aMissingFolderOrOneWithoutJarsIsRefusedByName(@TempDir Path dir) throws IOException {
        assertThatThrownBy(() -> ClientJars.checked(dir, Path.of("nowhere")))
                .isInstanceOf(UsageException.class)
                .hasMessage("--client-jars: no folder nowhere");
        Files.createDirectories(dir.resolve("empty"));
        Files.writeString(dir.resolve("empty/README.txt"), "no jar here");
        assertThatThrownBy(() -> ClientJars.checked(dir, Path.of("empty")))
                .isInstanceOf(UsageException.class)
                .hasMessage("--client-jars: no .jar file in empty");
        assertThat(ClientJars.checked(dir, null)).isEmpty();
    }

    /** {@code dir/jars/interceptor.jar} holding {@link #INTERCEPTOR}, compiled against the test's kafka-clients. */
    private static Path jarOfInterceptor(Path dir) throws IOException {
        Path src = Files.createDirectories(dir.resolve("src/labtest"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Files.writeString(src.resolve("FolderInterceptor.java"), SOURCE);
        int compiled = ToolProvider.getSystemJavaCompiler()
                .run(
                        null,
                        null,
                        null,
                        "-cp",
                        System.getProperty("java.class.path"),
                        "-d",
                        classes.toString(),
                        src.resolve("FolderInterceptor.java").toString());
        assertThat(compiled).isZero();
        Path jars = Files.createDirectories(dir.resolve("jars"));
        try (OutputStream file = Files.newOutputStream(jars.resolve("interceptor.jar"));
                JarOutputStream jar = new JarOutputStream(file)) {
            jar.putNextEntry(new JarEntry("labtest/FolderInterceptor.class"));
            jar.write(Files.readAllBytes(classes.resolve("labtest/FolderInterceptor.class")));
            jar.closeEntry();
        }
        return jars;
    }

    private record Run(int code, String output) {}

    /** {@link ClientJarsProbe} in a JVM of its own, with the folder's jars on its class path as the lab puts them. */
    private static Run probe(Path jars) throws Exception {
        String classPath = System.getProperty("java.class.path");
        if (jars != null) {
            classPath += File.pathSeparator + jars.resolve("*");
        }
        List<String> command = new ArrayList<>(List.of(
                KafkaTools.currentJava().toString(), "-cp", classPath, ClientJarsProbe.class.getName(), INTERCEPTOR));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
