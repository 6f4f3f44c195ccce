package dev.latencylab.producer.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.api.payload.SampleFile;
import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.producer.HeapBudget;
import dev.latencylab.producer.LabProducerProperties;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
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
        samples = new SampleFolder(properties(folder), new HeapBudget());
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

    @Test
    void aFolderOnTheWaySwappedForALinkAfterTheCheckIsRefusedNotFollowedOutOfTheFolder() throws IOException {
        Path sub = Files.createDirectories(folder.resolve("daily"));
        Path checked = samples.check(Files.writeString(sub.resolve("orders.jsonl"), "{\"order\": 1}\n")
                .toString());
        // Between the check and the read, the folder on the way becomes a link to one outside, which
        // holds a file of the same name.
        Path outside = Files.createDirectories(dir.resolve("elsewhere"));
        Files.writeString(outside.resolve("orders.jsonl"), "the password\n");
        Files.move(sub, dir.resolve("daily-moved-away"));
        Files.createSymbolicLink(sub, outside);

        assertThatThrownBy(() -> samples.readChecked(checked))
                .isInstanceOfSatisfying(
                        BadSettingsException.class, e -> assertThat(e.field()).isEqualTo("payloadFile"))
                .hasMessage("payloadFile " + checked + ": " + sub.toRealPath(LinkOption.NOFOLLOW_LINKS)
                        + " is a symbolic link, and links are not followed here: name the file it leads to");
    }

    @Test
    void aFolderLinkThatLeadsOutsideIsRefusedAsOutsideWhenNamed() throws IOException {
        Path outside = Files.createDirectories(dir.resolve("elsewhere"));
        Files.writeString(outside.resolve("orders.jsonl"), "the password\n");
        Files.createSymbolicLink(folder.resolve("daily"), outside);
        String named = folder.resolve("daily/orders.jsonl").toString();

        assertThatThrownBy(() -> samples.read(named))
                .isInstanceOf(BadSettingsException.class)
                .hasMessageStartingWith("payloadFile " + named + " is outside " + folder);
    }

    @Test
    void aFileLargerThanItsShareOfTheHeapIsRefusedNamingTheBound() throws IOException {
        // A sixth of a 6000-byte heap: 1000 bytes, the file and its records' index together.
        SampleFolder small = new SampleFolder(properties(folder), new HeapBudget(6_000));
        Path file = Files.writeString(folder.resolve("big.jsonl"), ("x".repeat(99) + "\n").repeat(11));

        assertThatThrownBy(() -> small.read(file.toString()))
                .isInstanceOfSatisfying(
                        BadSettingsException.class, e -> assertThat(e.field()).isEqualTo("payloadFile"))
                .hasMessage("payloadFile " + file.toRealPath() + ": has 1100 bytes; at most 1000 bytes here, a sixth"
                        + " of the producer-app's max heap of 6000 bytes (-Xmx; LAB_APP_JAVA_OPTS with scripts/lab):"
                        + " it holds the file in memory, and while a change is applied the file it replaces too");
    }

    @Test
    void theFolderItselfOrADirectoryInItIsRefusedAsADirectory() throws IOException {
        Path sub = Files.createDirectories(folder.resolve("daily"));
        for (Path directory : List.of(folder, sub)) {
            assertThatThrownBy(() -> samples.read(directory.toString()))
                    .as(directory.toString())
                    .isInstanceOf(BadSettingsException.class)
                    .hasMessage("payloadFile " + directory.toRealPath() + ": is a directory, not a file of records");
        }
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
