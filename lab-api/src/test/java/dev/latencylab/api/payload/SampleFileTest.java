package dev.latencylab.api.payload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.latencylab.api.settings.BadSettingsException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleFileTest {

    @TempDir
    Path dir;

    @Test
    void everyLineIsARecordWithoutItsTerminatorAndBlankLinesAreSkipped() throws IOException {
        Path file = write(
                "orders.jsonl",
                "{\"id\":1}\n" + "\n" + "{\"id\":22,\"note\":\"crème brûlée\"}\r\n" + "   \t\n"
                        + "  not json, kept as is  \n" + "last line without terminator");

        SampleFile sample = SampleFile.read(file);

        assertThat(sample.count()).isEqualTo(4);
        assertThat(text(sample.record(0))).isEqualTo("{\"id\":1}");
        assertThat(text(sample.record(1))).isEqualTo("{\"id\":22,\"note\":\"crème brûlée\"}");
        assertThat(text(sample.record(2))).isEqualTo("  not json, kept as is  ");
        assertThat(text(sample.record(3))).isEqualTo("last line without terminator");
        assertThat(sample.file()).isEqualTo(file);
    }

    @Test
    void theUtf8BytesAreKeptAsTheyAre() throws IOException {
        byte[] line = "{\"city\":\"Zürich\",\"emoji\":\"\uD83D\uDE9A\"}".getBytes(StandardCharsets.UTF_8);
        Path file = dir.resolve("utf8.jsonl");
        Files.write(file, concat(line, new byte[] {'\n'}));

        assertThat(SampleFile.read(file).record(0)).isEqualTo(line);
    }

    @Test
    void aByteOrderMarkIsNotPartOfTheFirstRecord() throws IOException {
        Path file = dir.resolve("bom.jsonl");
        Files.write(file, concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, "{}\n{}\n".getBytes()));

        SampleFile sample = SampleFile.read(file);

        assertThat(sample.count()).isEqualTo(2);
        assertThat(text(sample.record(0))).isEqualTo("{}");
    }

    @Test
    void sizesAreTheRecordsBytes() throws IOException {
        Path file = write("sizes.jsonl", "ab\r\n" + "abcd\n" + "\n" + "abcdefghi\n");

        SampleFile sample = SampleFile.read(file);

        assertThat(sample.count()).isEqualTo(3);
        assertThat(sample.size(0)).isEqualTo(2);
        assertThat(sample.size(2)).isEqualTo(9);
        assertThat(sample.minBytes()).isEqualTo(2);
        assertThat(sample.maxBytes()).isEqualTo(9);
        assertThat(sample.meanBytes()).isEqualTo(5.0);
    }

    @Test
    void aRecordHandedOutCannotChangeTheSample() throws IOException {
        SampleFile sample = SampleFile.read(write("one.jsonl", "{\"a\":1}\n"));

        sample.record(0)[0] = 'X';

        assertThat(text(sample.record(0))).isEqualTo("{\"a\":1}");
    }

    @Test
    void aRecordOfTheLargestSizeIsAccepted() throws IOException {
        Path file = write("largest.txt", "x".repeat(SampleFile.MAX_RECORD_BYTES) + "\n");

        assertThat(SampleFile.read(file).maxBytes()).isEqualTo(SampleFile.MAX_RECORD_BYTES);
    }

    @Test
    void aMissingFileIsRefusedByName() {
        Path file = dir.resolve("nowhere.jsonl");

        assertThatThrownBy(() -> SampleFile.read(file))
                .isInstanceOfSatisfying(
                        BadSettingsException.class, e -> assertThat(e.field()).isEqualTo("payloadFile"))
                .hasMessageContaining(file.toString())
                .hasMessageContaining("no such file");
    }

    @Test
    void aRelativePathIsShownWithWhereItResolved() {
        Path file = Path.of("no-such-dir-for-a-test", "orders.jsonl");

        assertThatThrownBy(() -> SampleFile.read(file))
                .isInstanceOf(BadSettingsException.class)
                .hasMessageContaining(file.toAbsolutePath().toString());
    }

    @Test
    void aLinkIsFollowedUnlessTheCallerSaysNot() throws IOException {
        Path file = write("orders.jsonl", "{\"id\":1}\n");
        Path link = Files.createSymbolicLink(dir.resolve("current.jsonl"), file);

        assertThat(text(SampleFile.read(link).record(0))).isEqualTo("{\"id\":1}");
        assertThatThrownBy(() -> SampleFile.read(link, LinkOption.NOFOLLOW_LINKS))
                .isInstanceOfSatisfying(
                        BadSettingsException.class, e -> assertThat(e.field()).isEqualTo("payloadFile"))
                .hasMessage("payloadFile " + link + ": is a symbolic link, and links are not followed here:"
                        + " name the file it leads to");
        assertThat(text(SampleFile.read(file, LinkOption.NOFOLLOW_LINKS).record(0)))
                .isEqualTo("{\"id\":1}");
    }

    @Test
    void aDirectoryIsRefused() {
        assertThatThrownBy(() -> SampleFile.read(dir))
                .isInstanceOf(BadSettingsException.class)
                .hasMessageContaining(dir.toString())
                .hasMessageContaining("is a directory");
    }

    @Test
    void anEmptyFileIsRefused() throws IOException {
        Path file = write("empty.jsonl", "");

        assertThatThrownBy(() -> SampleFile.read(file))
                .isInstanceOf(BadSettingsException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("no record");
    }

    @Test
    void aFileOfBlankLinesIsRefused() throws IOException {
        Path file = write("blank.jsonl", "\n  \r\n\t\n");

        assertThatThrownBy(() -> SampleFile.read(file))
                .isInstanceOf(BadSettingsException.class)
                .hasMessageContaining("no record");
    }

    @Test
    void aRecordTooLargeIsRefusedWithItsLineNumber() throws IOException {
        Path file = write(
                "long.jsonl", "{}\n" + "\n" + "{}\n" + "x".repeat(SampleFile.MAX_RECORD_BYTES + 1) + "\r\n" + "{}\n");

        assertThatThrownBy(() -> SampleFile.read(file))
                .isInstanceOfSatisfying(
                        BadSettingsException.class, e -> assertThat(e.field()).isEqualTo("payloadFile"))
                .hasMessageContaining(file.toString())
                .hasMessageContaining("line 4 has 1000001 bytes")
                .hasMessageContaining("max.request.size");
    }

    @Test
    void aFileLargerThanTheProducerHoldsIsRefusedBeforeItIsRead() throws IOException {
        Path file = dir.resolve("huge.jsonl");
        // Sparse: the size is refused from the file's metadata, nothing is written or read.
        try (RandomAccessFile sparse = new RandomAccessFile(file.toFile(), "rw")) {
            sparse.setLength(SampleFile.MAX_FILE_BYTES + 1);
        }

        assertThatThrownBy(() -> SampleFile.read(file))
                .isInstanceOf(BadSettingsException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("256 MiB");
    }

    @Test
    void anUnreadableFileIsRefused() throws IOException {
        Path file = write("secret.jsonl", "{}\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("---------"));
        assumeThat(Files.isReadable(file)).as("not running as root").isFalse();

        assertThatThrownBy(() -> SampleFile.read(file))
                .isInstanceOf(BadSettingsException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("cannot be read");
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] all = new byte[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
