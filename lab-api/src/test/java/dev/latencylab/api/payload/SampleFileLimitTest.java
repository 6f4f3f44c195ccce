package dev.latencylab.api.payload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.MemoryLimit;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A sample read from an open file is held within the reader's {@link MemoryLimit}: the file's bytes
 * and the index of its records together, and never more bytes than the open file said it had.
 */
class SampleFileLimitTest {

    private static final Path FILE = Path.of("/payloads/orders.jsonl");
    private static final MemoryLimit LIMIT = new MemoryLimit(1_000, "a third of the test's heap");

    @Test
    void aFileLargerThanTheLimitIsRefusedBeforeAByteIsRead() {
        SeekableByteChannel unreadable = new FakeChannel(1_001, new byte[0]) {
            @Override
            public int read(ByteBuffer dst) {
                throw new AssertionError("read, though its size alone is over the limit");
            }
        };

        assertThatThrownBy(() -> SampleFile.read(FILE, unreadable, LIMIT))
                .isInstanceOfSatisfying(
                        BadSettingsException.class, e -> assertThat(e.field()).isEqualTo("payloadFile"))
                .hasMessage("payloadFile /payloads/orders.jsonl: has 1001 bytes; at most 1000 bytes here,"
                        + " a third of the test's heap");
    }

    @Test
    void recordsWhoseIndexTakesTheFilePastTheLimitAreRefusedCountingFourBytesEach() {
        // 600 bytes of 300 one-byte records: 600 + 4 * 300 = 1800 bytes held.
        byte[] shortLines = "a\n".repeat(300).getBytes(StandardCharsets.US_ASCII);

        assertThatThrownBy(() -> SampleFile.read(FILE, new FakeChannel(shortLines), LIMIT))
                .isInstanceOf(BadSettingsException.class)
                .hasMessage("payloadFile /payloads/orders.jsonl: holds 300 records in 600 bytes, which take 1800"
                        + " bytes in memory (4 more per record); at most 1000 bytes here, a third of the test's heap");
    }

    @Test
    void aFileThatTakesExactlyTheLimitIsRead() {
        // 100 records of 5 bytes and a newline each: 600 + 4 * 100 = 1000 bytes held.
        byte[] lines = "abcde\n".repeat(100).getBytes(StandardCharsets.US_ASCII);

        SampleFile sample = SampleFile.read(FILE, new FakeChannel(lines), LIMIT);

        assertThat(sample.count()).isEqualTo(100);
        assertThat(new String(sample.record(99), StandardCharsets.US_ASCII)).isEqualTo("abcde");
    }

    @Test
    void aFileThatGrowsWhileReadIsRefusedAfterTheSizeItHadWhenOpened() {
        // Says 4 bytes, has more: a file still being written, or something that never ends.
        SeekableByteChannel growing = new FakeChannel(4, "{}\n{}\n{}\n".getBytes(StandardCharsets.US_ASCII));

        assertThatThrownBy(() -> SampleFile.read(FILE, growing, MemoryLimit.NONE))
                .isInstanceOf(BadSettingsException.class)
                .hasMessage("payloadFile /payloads/orders.jsonl: grew while it was read (past 4 bytes): read it once"
                        + " it is written");
    }

    @Test
    void aFileThatShrankWhileReadIsReadAsFarAsItGoes() {
        SeekableByteChannel shrunk = new FakeChannel(100, "{}\n{\"a\":1}\n".getBytes(StandardCharsets.US_ASCII));

        SampleFile sample = SampleFile.read(FILE, shrunk, MemoryLimit.NONE);

        assertThat(sample.count()).isEqualTo(2);
        assertThat(sample.maxBytes()).isEqualTo(7);
    }

    @Test
    void aValueOverTheLimitIsRefusedNamingItsFieldAndTheBound() {
        assertThatThrownBy(() -> LIMIT.check("bufferMemory", 1_001))
                .isInstanceOfSatisfying(
                        BadSettingsException.class, e -> assertThat(e.field()).isEqualTo("bufferMemory"))
                .hasMessage("bufferMemory must be at most 1000 bytes here, a third of the test's heap; got 1001");
        LIMIT.check("bufferMemory", 1_000);
    }

    /** An open file of {@code content} that says it has {@code size} bytes. */
    private static class FakeChannel implements SeekableByteChannel {

        private final long size;
        private final ByteBuffer content;

        FakeChannel(byte[] content) {
            this(content.length, content);
        }

        FakeChannel(long size, byte[] content) {
            this.size = size;
            this.content = ByteBuffer.wrap(content);
        }

        @Override
        public int read(ByteBuffer dst) {
            if (!content.hasRemaining()) {
                return -1;
            }
            int n = Math.min(dst.remaining(), content.remaining());
            dst.put(content.slice(content.position(), n));
            content.position(content.position() + n);
            return n;
        }

        @Override
        public long size() {
            return size;
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            throw new IOException("read only");
        }

        @Override
        public long position() {
            return content.position();
        }

        @Override
        public SeekableByteChannel position(long newPosition) {
            content.position((int) newPosition);
            return this;
        }

        @Override
        public SeekableByteChannel truncate(long size) throws IOException {
            throw new IOException("read only");
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {}
    }
}
