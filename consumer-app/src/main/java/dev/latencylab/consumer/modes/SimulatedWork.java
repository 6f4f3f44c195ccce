package dev.latencylab.consumer.modes;

import dev.latencylab.api.settings.WorkKind;
import java.util.concurrent.locks.LockSupport;

/** The processing a record costs in an experiment: CPU spent, or time waited as on a remote call. */
final class SimulatedWork {

    private SimulatedWork() {}

    static void run(WorkKind kind, int micros) {
        if (micros <= 0) {
            return;
        }
        long end = System.nanoTime() + micros * 1_000L;
        if (kind == WorkKind.CPU) {
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
            return;
        }
        // parkNanos may return early (spuriously or on unpark): wait out the rest.
        for (long left = end - System.nanoTime(); left > 0; left = end - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
    }
}
