package dev.latencylab.runner.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class MethodSharesTest {

    private final MethodShares shares = new MethodShares(StackSamples.of(Map.of(
            "main;a;b", 5L,
            "main;a", 2L,
            "main;c;b", 3L,
            "main;r;r;r", 4L)));

    @Test
    void aMethodSumsOverItsPathsAndARecursionCountsOnce() {
        assertThat(shares.topSelf(10))
                .containsExactly(
                        new MethodShares.MethodShare("b", 8, 8),
                        new MethodShares.MethodShare("r", 4, 4),
                        new MethodShares.MethodShare("a", 2, 7));
        assertThat(shares.topSelf(1)).hasSize(1);
    }

    @Test
    void aSampleWithoutJavaFramesIsItsOwnMethod() {
        MethodShares native_ = new MethodShares(StackSamples.of(Map.of("", 2L, "main", 1L)));

        assertThat(native_.topSelf(5))
                .containsExactly(
                        new MethodShares.MethodShare(MethodShares.NO_JAVA_FRAME, 2, 2),
                        new MethodShares.MethodShare("main", 1, 1));
    }
}
