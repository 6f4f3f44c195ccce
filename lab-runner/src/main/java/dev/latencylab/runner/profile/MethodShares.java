package dev.latencylab.runner.profile;

import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Each method's share of the samples, whatever the path to it: those that stopped in it (self) and
 * those that passed through it (total). The flame graph shows paths; this says which methods to
 * read first.
 */
public final class MethodShares {

    /** One method's share of the samples. */
    public record MethodShare(String method, long self, long total) {}

    /** A sample whose stack held no Java frame (the thread was in native code or the JVM). */
    static final String NO_JAVA_FRAME = "(no Java frame)";

    private final Map<String, Long> selfByMethod = new HashMap<>();
    private final Map<String, Long> totalByMethod = new HashMap<>();

    public MethodShares(StackSamples samples) {
        samples.folded().forEach(this::add);
    }

    /** The methods that ran most themselves, at most {@code limit}, largest first. */
    public List<MethodShare> topSelf(int limit) {
        return selfByMethod.entrySet().stream()
                .map(e -> new MethodShare(e.getKey(), e.getValue(), totalByMethod.getOrDefault(e.getKey(), 0L)))
                .sorted(Comparator.comparingLong(MethodShare::self).reversed().thenComparing(MethodShare::method))
                .limit(limit)
                .toList();
    }

    private void add(String stack, long count) {
        if (stack.isEmpty()) {
            selfByMethod.merge(NO_JAVA_FRAME, count, Long::sum);
            totalByMethod.merge(NO_JAVA_FRAME, count, Long::sum);
            return;
        }
        String[] frames = stack.split(StackSamples.SEPARATOR);
        Set<String> seen = new HashSet<>(); // a recursive method counts once per stack in its total
        for (String frame : frames) {
            if (seen.add(frame)) {
                totalByMethod.merge(frame, count, Long::sum);
            }
        }
        selfByMethod.merge(frames[frames.length - 1], count, Long::sum);
    }
}
