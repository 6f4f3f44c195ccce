package dev.latencylab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class LabCommandTest {

    private final List<String> events = new CopyOnWriteArrayList<>();

    private LabCommand.CtrlC ctrlC(Duration wait) {
        return new LabCommand.CtrlC(false, "test", () -> events.add("stop"), wait, () -> events.add("gave up"));
    }

    @Test
    void ctrlCAsksForTheStopAndWaitsUntilTheResultsAreWritten() throws Exception {
        LabCommand.CtrlC ctrlC = ctrlC(Duration.ofSeconds(30));
        Thread hook = new Thread(ctrlC::interrupted);
        hook.start();
        await().atMost(Duration.ofSeconds(5)).until(() -> events.contains("stop"));
        Thread.sleep(100);
        assertThat(hook.isAlive()).as("the hook waits for the results").isTrue();

        ctrlC.close();
        hook.join(5_000);

        assertThat(hook.isAlive()).isFalse();
        assertThat(events).containsExactly("stop");
    }

    @Test
    void ctrlCGivesUpAfterItsWait() {
        ctrlC(Duration.ofMillis(50)).interrupted();

        assertThat(events).containsExactly("stop", "gave up");
    }

    @Test
    void closingWithoutCtrlCRunsNothing() {
        try (LabCommand.CtrlC ctrlC = ctrlC(Duration.ofSeconds(30))) {
            assertThat(ctrlC).isNotNull();
        }

        assertThat(events).isEmpty();
    }
}
