package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A start that never ends would hold a settle for ever: each test is bounded, so such a bug fails it. */
@Timeout(10)
class PendingStartsTest {

    /** The phase is only a key here. */
    private static final PhaseTracker PHASE = null;

    private final List<String> settled = new ArrayList<>();
    private final PendingStarts<String> starts = new PendingStarts<>(
            "test-start",
            e -> "threw " + e.getMessage(),
            (t, target, step, at, done) -> settled.add(target + " at " + at + ": " + done));

    @Test
    void aStartStillUnderWayIsLeftUntilItEndsOrIsWaitedFor() throws Exception {
        CountDownLatch answer = new CountDownLatch(1);
        starts.begin(PHASE, 3, null, 25.0, () -> {
            await(answer);
            return "answered";
        });

        starts.settle(PHASE, false);
        assertThat(settled).as("nothing ended yet: the window goes on").isEmpty();

        answer.countDown();
        starts.settle(PHASE, true);
        assertThat(settled).containsExactly("3 at 25.0: answered");
        starts.settle(PHASE, true);
        assertThat(settled).as("settled once").hasSize(1);
    }

    @Test
    void aStepOnATargetStillStartingWaitsForThatStartAndOnlyThatOne() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        starts.begin(PHASE, 2, null, 10.0, () -> {
            await(never);
            return "late";
        });
        starts.begin(PHASE, 3, null, 12.0, () -> "answered");

        assertThat(starts.await(PHASE, 3)).isTrue();
        assertThat(starts.await(PHASE, 1)).as("no start under way on target 1").isFalse();
        assertThat(settled).containsExactly("3 at 12.0: answered");
        never.countDown();
    }

    @Test
    void aStartThatThrowsIsSettledWithItsFailure() throws Exception {
        starts.begin(PHASE, 1, null, 5.0, () -> {
            throw new IllegalStateException("no such broker");
        });

        starts.settle(PHASE, true);

        assertThat(settled).containsExactly("1 at 5.0: threw no such broker");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
