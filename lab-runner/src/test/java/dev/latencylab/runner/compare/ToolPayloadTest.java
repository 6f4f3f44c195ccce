package dev.latencylab.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ToolPayloadTest {

    /**
     * ProducerPerformance splits its payload file at new lines and sends each piece as a value: one
     * piece of exactly the lab's record size, with no delimiter in it, is one value of that size.
     */
    @Test
    void theFileIsOneValueOfTheRecordSize(@TempDir Path dir) throws Exception {
        Path f = ToolPayload.write(dir.resolve("tools/payload.txt"), CompareSettings.RECORD_BYTES);

        byte[] bytes = Files.readAllBytes(f);
        assertThat(bytes).hasSize(CompareSettings.RECORD_BYTES);
        for (byte b : bytes) {
            assertThat((char) b).isBetween('A', 'Z');
        }
    }
}
