package dev.latencylab.producer.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.SampleFile;
import dev.latencylab.producer.LabProducerProperties;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The producer-app reads a payloadFile only from inside its sample folder, and reads what it checked. */
class SampleFolderTest {

    @TempDir
    Path dir;

    private Path folder;
    /** What must never be sent: a file of this user's outside the folder. */
    private Path secret;

    private SampleFolder samples;

    @BeforeEach
    void folderAndASecretBesideIt() throws IOException {
        folder = Files.createDirectories(dir.resolve("payloads"));
        secret = Files.writeString(dir.resolve("secret.txt"), "the password\n");
        samples = new SampleFolder(properties(folder));
    }

    @Test
    void aPathOutsideTheFolderIsRefusedWhetherItExistsOrNot() throws IOException {
        Path linkOut = Files.createSymbolicLink(folder.resolve("link-out.jsonl"), secret);
        for (String outside : List.of(
                secret.toString(),
                dir.resolve("no-such-file.jsonl").toString(),
                folder + "/../secret.txt",
                linkOut.toString())) {
            assertThatThrownBy(() -> samples.read(outside))
                    .as(outside)
                    .isInstanceOfSatisfying(BadSettingsException.class, e -> assertThat(e.field())
                            .isEqualTo("payloadFile"))
                    .hasMessage("payloadFile " + outside + " is outside " + folder
                            + ", the one folder the producer-app reads samples from: put the file there, or"
                            + " start the producer-app with --lab.producer.payload-dir=<folder>");
        }
    }

    @Test
    void aFileInsideIsReadAndALinkInsideThatStaysInsideIsReadFromItsOwnFile() throws IOException {
        Path file = orders();
        Path link = Files.createSymbolicLink(folder.resolve("current.jsonl"), file);

        assertThat(text(samples.read(file.toString()), 0)).isEqualTo("{\"order\": 1}");
        SampleFile throughLink = samples.read(link.toString());
        assertThat(text(throughLink, 0)).isEqualTo("{\"order\": 1}");
        assertThat(throughLink.file()).isEqualTo(file.toRealPath());
    }

    @Test
    void aMissingFileInsideIsRefusedAsMissing() {
        String missing = folder.resolve("gone.jsonl").toString();

        assertThatThrownBy(() -> samples.read(missing))
                .isInstanceOf(BadSettingsException.class)
                .hasMessage("payloadFile " + missing + ": no such file");
    }

    @Test
    void aLinkSwappedInForTheCheckedFileIsRefusedNotFollowed() throws IOException {
        Path file = orders();
        Path checked = samples.check(file.toString());
        // Between the check and the read, the file becomes a link to what lies outside.
        Files.delete(file);
        Files.createSymbolicLink(file, secret);

        assertThatThrownBy(() -> samples.readChecked(checked))
                .isInstanceOfSatisfying(
                        BadSettingsException.class, e -> assertThat(e.field()).isEqualTo("payloadFile"))
                .hasMessage("payloadFile " + checked
                        + ": is a symbolic link, and links are not followed here: name the file it leads to");
    }

    /** A sample of one record, in the folder. */
    private Path orders() throws IOException {
        return Files.writeString(folder.resolve("orders.jsonl"), "{\"order\": 1}\n");
    }

    private static String text(SampleFile sample, int index) {
        return new String(sample.record(index), StandardCharsets.UTF_8);
    }

    static LabProducerProperties properties(Path payloadDir) {
        return new LabProducerProperties(
                "lab.orders",
                1,
                (short) 1,
                1,
                1_000,
                400,
                KeyStrategy.ORDER_ID,
                false,
                Duration.ofSeconds(5),
                payloadDir,
                "lab.");
    }
}
