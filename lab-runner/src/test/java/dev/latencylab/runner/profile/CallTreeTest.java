package dev.latencylab.runner.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CallTreeTest {

    private final CallTree tree = new CallTree(StackSamples.of(Map.of(
            "main;a;b", 5L,
            "main;a", 2L,
            "main;c;b", 3L,
            "main;r;r;r", 4L)));

    @Test
    void nodesSumTheirPathsAndKeepWhatStoppedInThem() {
        CallTree.Node main = tree.root().children().get(0);

        assertThat(tree.root().total()).isEqualTo(14);
        assertThat(main.name()).isEqualTo("main");
        assertThat(main.children()).extracting(CallTree.Node::name).containsExactly("a", "c", "r");
        CallTree.Node a = main.children().get(0);
        assertThat(a.total()).isEqualTo(7);
        assertThat(a.self()).isEqualTo(2);
        assertThat(tree.depth()).isEqualTo(4);
    }

    @Test
    void aMethodSumsOverItsPathsAndARecursionCountsOnce() {
        assertThat(tree.topSelf(10))
                .containsExactly(
                        new CallTree.MethodShare("b", 8, 8),
                        new CallTree.MethodShare("r", 4, 4),
                        new CallTree.MethodShare("a", 2, 7));
        assertThat(tree.topSelf(1)).hasSize(1);
    }

    @Test
    void aSampleWithoutJavaFramesIsItsOwnMethod() {
        CallTree native_ = new CallTree(StackSamples.of(Map.of("", 2L, "main", 1L)));

        assertThat(native_.topSelf(5))
                .containsExactly(
                        new CallTree.MethodShare(CallTree.NO_JAVA_FRAME, 2, 2), new CallTree.MethodShare("main", 1, 1));
    }
}
