package dev.latencylab.runner.diff;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which phases of A and B are compared: those of the same name. What they ran on (settings,
 * topic, partition count, consumer group and settings) is checked too: a phase of the same name
 * that ran on something else is still compared, with each difference named, because a renamed
 * setting is exactly what a diff is run to see, but the reader must know it is not like with like.
 * What only one run records (an older runner's summary has no description) is named as not
 * checked rather than as a difference. A phase in one run only is listed, not an error: scenarios
 * grow.
 */
record PhaseMatching(List<Match> matched, List<RunPhase> onlyInA, List<RunPhase> onlyInB) {

    /**
     * A phase in both runs, with every way their setups differ ("lingerMs: 5 -> 10"), empty when
     * alike, and what one run does not record and so cannot be checked (an older runner wrote no
     * topic or consumer): "topic (not in A)".
     */
    record Match(String name, RunPhase a, RunPhase b, List<String> setupDifferences, List<String> unchecked) {
        Match {
            setupDifferences = List.copyOf(setupDifferences);
            unchecked = List.copyOf(unchecked);
        }
    }

    PhaseMatching {
        matched = List.copyOf(matched);
        onlyInA = List.copyOf(onlyInA);
        onlyInB = List.copyOf(onlyInB);
    }

    static PhaseMatching of(RunResults a, RunResults b) {
        List<Match> matched = new ArrayList<>();
        List<RunPhase> onlyInA = new ArrayList<>();
        for (RunPhase pa : a.phases()) {
            RunPhase pb = find(b, pa.name());
            if (pb == null) {
                onlyInA.add(pa);
            } else {
                matched.add(new Match(
                        pa.name(), pa, pb, differences(pa.setup(), pb.setup()), unchecked(pa.setup(), pb.setup())));
            }
        }
        List<RunPhase> onlyInB =
                b.phases().stream().filter(pb -> find(a, pb.name()) == null).toList();
        return new PhaseMatching(matched, onlyInA, onlyInB);
    }

    private static RunPhase find(RunResults run, String name) {
        return run.phases().stream()
                .filter(p -> p.name().equals(name))
                .findFirst()
                .orElse(null);
    }

    /** Each value both runs record and differ in: "key: A's -> B's". */
    static List<String> differences(Map<String, String> a, Map<String, String> b) {
        List<String> differences = new ArrayList<>();
        a.forEach((k, va) -> {
            String vb = b.get(k);
            if (vb != null && !vb.equals(va)) {
                differences.add(k + ": " + va + " -> " + vb);
            }
        });
        return differences;
    }

    /** What one run records and the other does not, the consumer's many values as one "consumer". */
    static List<String> unchecked(Map<String, String> a, Map<String, String> b) {
        Set<String> unchecked = new LinkedHashSet<>();
        a.keySet().stream().filter(k -> !b.containsKey(k)).forEach(k -> unchecked.add(group(k) + " (not in B)"));
        b.keySet().stream().filter(k -> !a.containsKey(k)).forEach(k -> unchecked.add(group(k) + " (not in A)"));
        return List.copyOf(unchecked);
    }

    private static String group(String key) {
        return key.startsWith("consumer") ? "consumer" : key;
    }
}
