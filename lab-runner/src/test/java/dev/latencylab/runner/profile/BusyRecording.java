package dev.latencylab.runner.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import jdk.jfr.Recording;

/**
 * A real JFR recording of this JVM: one thread spins in {@link #spin} while another spins through {@link #otherSpin}, sampled
 * every millisecond, so readers are tested against what the JDK writes, not a hand-made file.
 */
public final class BusyRecording {

    public static final String BUSY_THREAD = "lab-test-busy";
    public static final String OTHER_THREAD = "lab-test-other";

    /** When the busy thread started and stopped spinning. */
    public record Made(Path file, Instant from, Instant to) {}

    private BusyRecording() {}

    public static Made make(Path file, Duration spin) throws IOException, InterruptedException {
        try (Recording recording = new Recording()) {
            recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(1));
            recording.start();
            Instant from = Instant.now();
            Thread busy = new Thread(() -> spin(spin), BUSY_THREAD);
            Thread other = new Thread(() -> otherSpin(spin), OTHER_THREAD);
            busy.start();
            other.start();
            busy.join();
            other.join();
            Instant to = Instant.now();
            recording.stop();
            recording.dump(file);
            return new Made(file, from, to);
        }
    }

    static long spin(Duration length) {
        long end = System.nanoTime() + length.toNanos();
        // Work with calls and allocation in it: a tight intrinsic loop gives the sampler no frame
        // it can walk, and the JDK drops such samples.
        StringBuilder text = new StringBuilder();
        long x = 0;
        while (System.nanoTime() < end) {
            text.setLength(0);
            x += text.append(x).append(':').append(Math.sqrt(x)).toString().hashCode();
        }
        return x;
    }

    static long otherSpin(Duration length) {
        return spin(length) + 1;
    }
}
