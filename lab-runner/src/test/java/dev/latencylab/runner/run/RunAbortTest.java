package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The stop a run and a comparison share: asked from another thread, noticed at the next check. */
class RunAbortTest {

    private final RunAbort abort = new RunAbort();

    @Test
    void unaskedItLetsEveryCheckPassAndABareInterruptIsNamedSo() throws InterruptedException {
        abort.check();

        assertThat(abort.reason()).isNull();
        assertThat(abort.stopReason()).isEqualTo("interrupted");
    }

    @Test
    void askedFromAnotherThreadTheNextCheckThrowsWithTheReason() throws InterruptedException {
        Thread hook = new Thread(() -> abort.request("Ctrl-C"));
        hook.start();
        hook.join();

        assertThatThrownBy(abort::check)
                .isInstanceOf(InterruptedException.class)
                .hasMessage("Ctrl-C");
        assertThatThrownBy(abort::check).as("every check after").isInstanceOf(InterruptedException.class);
        assertThat(abort.reason()).isEqualTo("Ctrl-C");
        assertThat(abort.stopReason()).isEqualTo("Ctrl-C");
    }
}
