package dev.latencylab.runner.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * The CPU samples of a JFR recording ({@code jdk.ExecutionSample}: a thread caught running Java
 * code), folded by call stack, root first. Only the threads whose name matches, and only the
 * samples inside the window when one is given, so one window of one thread can be read out of a
 * recording of a whole run.
 */
public final class StackSamples {

    /** Frames of one stack joined root first, as flame graph tools fold them. */
    static final String SEPARATOR = ";";
    /** The root of a stack JFR cut at its depth limit (64 frames unless the JVM was told otherwise). */
    static final String TRUNCATED = "(truncated)";

    private final Map<String, Long> folded;
    private final long total;
    private final Map<String, Long> threads;

    private StackSamples(Map<String, Long> folded, Map<String, Long> threads) {
        this.folded = Collections.unmodifiableMap(folded);
        this.threads = Collections.unmodifiableMap(new TreeMap<>(threads));
        this.total = folded.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * Reads a recording.
     *
     * @param threadName which threads count (a regular expression matched against the whole name)
     * @param from first sample time kept, null for the recording's start
     * @param to last sample time kept, null for its end
     */
    public static StackSamples read(Path jfr, Pattern threadName, Instant from, Instant to) throws IOException {
        Map<String, Long> folded = new HashMap<>();
        Map<String, Long> threads = new HashMap<>();
        try (RecordingFile file = new RecordingFile(jfr)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                if (!"jdk.ExecutionSample".equals(event.getEventType().getName())) {
                    continue;
                }
                Instant at = event.getStartTime();
                if ((from != null && at.isBefore(from)) || (to != null && at.isAfter(to))) {
                    continue;
                }
                RecordedThread thread = event.getThread("sampledThread");
                String name = thread == null || thread.getJavaName() == null ? "?" : thread.getJavaName();
                RecordedStackTrace stack = event.getStackTrace();
                if (stack == null || !threadName.matcher(name).matches()) {
                    continue;
                }
                folded.merge(fold(stack.getFrames(), stack.isTruncated()), 1L, Long::sum);
                threads.merge(name, 1L, Long::sum);
            }
        }
        return new StackSamples(folded, threads);
    }

    /** Stacks given already folded, root first (for tests and other sources). */
    static StackSamples of(Map<String, Long> folded) {
        return new StackSamples(new HashMap<>(folded), Map.of());
    }

    /** Sample count by folded stack. */
    public Map<String, Long> folded() {
        return folded;
    }

    /** One {@code frame;frame;... count} line per stack, largest first: the format flame graph tools share. */
    public String foldedText() {
        StringBuilder b = new StringBuilder();
        folded.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .forEach(e ->
                        b.append(e.getKey()).append(' ').append(e.getValue()).append('\n'));
        return b.toString();
    }

    /** Samples kept, all stacks together. */
    public long total() {
        return total;
    }

    /** Samples kept by thread name. */
    public Map<String, Long> threads() {
        return threads;
    }

    /** JFR gives the leaf first; a flame graph reads from the root. */
    private static String fold(List<RecordedFrame> frames, boolean truncated) {
        List<String> names = new ArrayList<>(frames.size() + 1);
        if (truncated) {
            names.add(TRUNCATED);
        }
        for (int i = frames.size() - 1; i >= 0; i--) {
            RecordedFrame frame = frames.get(i);
            if (frame.isJavaFrame()) {
                names.add(name(frame.getMethod()));
            }
        }
        return String.join(SEPARATOR, names);
    }

    /**
     * {@code o.a.k.c.c.KafkaConsumer.poll}: the package in initials, so the class and method stay
     * readable. Two classes of one name in packages of the same initials, and a method's overloads,
     * become one frame: a graph reads by method, not by signature.
     */
    static String name(RecordedMethod method) {
        return shortClass(method.getType().getName()) + "." + method.getName();
    }

    static String shortClass(String className) {
        // A hidden class (a lambda, a method handle's form) carries a number of its own, written
        // differently by JDK versions: one name for all of them.
        String stable = className
                .replaceFirst("[./]\\d+$", "")
                .replaceFirst("[./+]0x\\p{XDigit}+$", "")
                .replaceFirst("\\$\\$Lambda\\$\\d+$", "\\$\\$Lambda");
        String[] parts = stable.split("\\.");
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < parts.length - 1; i++) {
            b.append(parts[i].isEmpty() ? "" : parts[i].substring(0, 1)).append('.');
        }
        return b.append(parts[parts.length - 1]).toString();
    }
}
