package dev.latencylab.core.header;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.PhaseKey;
import java.nio.ByteBuffer;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class LabHeaderTest {

    private final RecordStamp stamp = new RecordStamp(
            1_763_769_600_000_001L,
            1_763_769_600_000_250L,
            123_456_789L,
            UUID.fromString("5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b"),
            new PhaseKey(20, 65_536, Compression.ZSTD),
            1_234_567);

    @Test
    void encodesToFiftyFourBytesAndDecodesToTheSameStamp() {
        byte[] bytes = LabHeader.encode(stamp);
        assertThat(bytes).hasSize(54);
        assertThat(bytes[0]).isEqualTo((byte) 2);
        assertThat(LabHeader.decode(bytes)).contains(stamp);
    }

    @Test
    void theLayoutIsTheDocumentedOne() {
        byte[] bytes = LabHeader.encode(stamp);
        assertThat(ByteBuffer.wrap(bytes, 17, 8).getLong()).isEqualTo(123_456_789L);
        assertThat(ByteBuffer.wrap(bytes, 41, 4).getInt()).isEqualTo(20);
        assertThat(bytes[49]).isEqualTo(Compression.ZSTD.code());
        assertThat(ByteBuffer.wrap(bytes, 50, 4).getInt()).isEqualTo(1_234_567);
    }

    @Test
    void rejectsWhatItDidNotWrite() {
        byte[] good = LabHeader.encode(stamp);
        assertThat(LabHeader.decode(null)).isEmpty();
        assertThat(LabHeader.decode(new byte[49])).isEmpty();
        assertThat(LabHeader.decode("garbage".getBytes())).isEmpty();
        byte[] wrongVersion = good.clone();
        wrongVersion[0] = 9;
        assertThat(LabHeader.decode(wrongVersion)).isEmpty();
        byte[] unknownCodec = good.clone();
        unknownCodec[49] = 42;
        assertThat(LabHeader.decode(unknownCodec)).isEmpty();
        byte[] absurdLinger = good.clone();
        ByteBuffer.wrap(absurdLinger).putInt(41, -5);
        assertThat(LabHeader.decode(absurdLinger)).isEmpty();
    }
}
