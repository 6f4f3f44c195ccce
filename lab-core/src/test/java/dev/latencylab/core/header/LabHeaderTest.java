package dev.latencylab.core.header;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class LabHeaderTest {

    private final RecordStamp stamp = new RecordStamp(
            1_763_769_600_000_001L,
            1_763_769_600_000_250L,
            123_456_789L,
            UUID.fromString("5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b"),
            1_234_567);

    @Test
    void encodesToFortyFiveBytesAndDecodesToTheSameStamp() {
        byte[] bytes = LabHeader.encode(stamp);
        assertThat(bytes).hasSize(45);
        assertThat(bytes[0]).isEqualTo((byte) 3);
        assertThat(LabHeader.decode(bytes)).contains(stamp);
    }

    @Test
    void theLayoutIsTheDocumentedOne() {
        byte[] bytes = LabHeader.encode(stamp);
        assertThat(ByteBuffer.wrap(bytes, 1, 8).getLong()).isEqualTo(1_763_769_600_000_001L);
        assertThat(ByteBuffer.wrap(bytes, 17, 8).getLong()).isEqualTo(123_456_789L);
        assertThat(ByteBuffer.wrap(bytes, 25, 8).getLong()).isEqualTo(0x5f0c1a2b3c4d4e5fL);
        assertThat(ByteBuffer.wrap(bytes, 41, 4).getInt()).isEqualTo(1_234_567);
    }

    @Test
    void rejectsWhatItDidNotWrite() {
        byte[] good = LabHeader.encode(stamp);
        assertThat(LabHeader.decode(null)).isEmpty();
        assertThat(LabHeader.decode(new byte[44])).isEmpty();
        assertThat(LabHeader.decode(new byte[54]))
                .as("a version 2 header's length")
                .isEmpty();
        assertThat(LabHeader.decode("garbage".getBytes())).isEmpty();
        byte[] wrongVersion = good.clone();
        wrongVersion[0] = 2;
        assertThat(LabHeader.decode(wrongVersion)).isEmpty();
        byte[] negativePhase = good.clone();
        ByteBuffer.wrap(negativePhase).putInt(41, -5);
        assertThat(LabHeader.decode(negativePhase)).isEmpty();
        byte[] absurdSequence = good.clone();
        ByteBuffer.wrap(absurdSequence).putLong(17, LabHeader.MAX_SEQUENCE + 1);
        assertThat(LabHeader.decode(absurdSequence)).isEmpty();
    }
}
