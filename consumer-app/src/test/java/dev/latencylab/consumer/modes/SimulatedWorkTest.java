package dev.latencylab.consumer.modes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.WorkKind;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.junit.jupiter.api.Test;

class SimulatedWorkTest {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** Never shorter than asked: the work is a floor, whatever the scheduler does. */
    @Test
    void eachKindTakesAtLeastItsTime() {
        for (WorkKind kind : WorkKind.values()) {
            long start = System.nanoTime();
            SimulatedWork.run(kind, 2_000);
            assertThat(System.nanoTime() - start).as(kind.label()).isGreaterThanOrEqualTo(2_000_000);
        }
    }

    /** Waiting costs (almost) no CPU, spinning costs its whole time: what makes the two kinds differ. */
    @Test
    void waitingSpendsFarLessCpuThanSpinning() {
        long cpuBefore = THREADS.getCurrentThreadCpuTime();
        SimulatedWork.run(WorkKind.WAIT, 50_000);
        long waitCpu = THREADS.getCurrentThreadCpuTime() - cpuBefore;

        cpuBefore = THREADS.getCurrentThreadCpuTime();
        SimulatedWork.run(WorkKind.CPU, 50_000);
        long spinCpu = THREADS.getCurrentThreadCpuTime() - cpuBefore;

        assertThat(waitCpu).isLessThan(spinCpu / 4);
    }
}
