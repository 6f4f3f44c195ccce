package dev.latencylab.runner.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * The one value ProducerPerformance sends, from a file. Given {@code --record-size} the tool draws a
 * new random letter for every byte of every record inside its send loop (about a microsecond a record
 * of 400 B), work the producer-app doing the tool's work does not do: it sends one value made once.
 * Given a payload file of one value, the tool picks that value for every record (one draw from a
 * list of one), so both sides send the same bytes for the same work.
 */
final class ToolPayload {

    private ToolPayload() {}

    /**
     * Writes {@code bytes} upper-case letters (what the tool would draw itself) and no delimiter, so
     * the tool reads them as one value of exactly that size.
     */
    static Path write(Path file, int bytes) {
        byte[] value = new byte[bytes];
        SplittableRandom random = new SplittableRandom();
        for (int i = 0; i < bytes; i++) {
            value[i] = (byte) ('A' + random.nextInt(26));
        }
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.write(file, value);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the tool's payload file " + file, e);
        }
        return file;
    }
}
