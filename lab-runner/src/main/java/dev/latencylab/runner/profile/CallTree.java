package dev.latencylab.runner.profile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Folded stacks as a tree: each node a method reached through one path, with the samples that
 * passed through it and those that stopped in it. Children are kept in name order, as flame graphs
 * draw them, so two graphs of the same code line up.
 */
public final class CallTree {

    /** One method on one path from the root. */
    public static final class Node {
        private final String name;
        private final Map<String, Node> children = new TreeMap<>();
        private long total;
        private long self;

        Node(String name) {
            this.name = name;
        }

        public String name() {
            return name;
        }

        /** Samples whose stack passes through this node. */
        public long total() {
            return total;
        }

        /** Samples whose stack ends here: the method itself was running. */
        public long self() {
            return self;
        }

        public List<Node> children() {
            return new ArrayList<>(children.values());
        }
    }

    /** One method's share of the samples, whatever the path to it. */
    public record MethodShare(String method, long self, long total) {}

    /** A sample whose stack held no Java frame (the thread was in native code or the JVM). */
    static final String NO_JAVA_FRAME = "(no Java frame)";

    private final Node root = new Node("all");
    private final Map<String, Long> selfByMethod = new LinkedHashMap<>();
    private final Map<String, Long> totalByMethod = new LinkedHashMap<>();

    public CallTree(StackSamples samples) {
        samples.folded().forEach(this::add);
    }

    public Node root() {
        return root;
    }

    /** Frames below the root on the deepest path. */
    public int depth() {
        return depth(root) - 1;
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
        Node node = root;
        node.total += count;
        Set<String> seen = new HashSet<>(); // a recursive method counts once per stack in its total
        String[] frames = stack.isEmpty() ? new String[0] : stack.split(StackSamples.SEPARATOR);
        for (String frame : frames) {
            node = node.children.computeIfAbsent(frame, Node::new);
            node.total += count;
            if (seen.add(frame)) {
                totalByMethod.merge(frame, count, Long::sum);
            }
        }
        node.self += count;
        if (node == root) {
            selfByMethod.merge(NO_JAVA_FRAME, count, Long::sum);
            totalByMethod.merge(NO_JAVA_FRAME, count, Long::sum);
        } else {
            selfByMethod.merge(node.name, count, Long::sum);
        }
    }

    private static int depth(Node node) {
        int deepest = 0;
        for (Node child : node.children.values()) {
            deepest = Math.max(deepest, depth(child));
        }
        return deepest + 1;
    }
}
