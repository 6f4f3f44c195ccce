package dev.latencylab.producer.selftest;

import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.app.selftest.SelfTestFault;
import dev.latencylab.core.clock.Stall;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * The self-test's delay of known size on the producer's side: the sender thread stops for p ms
 * once, as a sender stalled by a GC pause or a blocked {@code send()} would, while the open-loop
 * schedule runs on. The records due meanwhile go out late, back to back: the report must then show
 * a publish delay max and a corrected e2e max of about p, and a naive e2e max well below it (the
 * naive figure is blind to such a stall: coordinated omission). Armed by {@code POST
 * /actuator/selftest {"pauseMs": 1000}}.
 */
@Component
public class SenderPause implements SelfTestFault {

    /** Longer than any phase window a self-test runs: a pause is a stall, not a stop. */
    static final int MAX_PAUSE_MS = 10_000;

    private final AtomicLong pendingMs = new AtomicLong();
    private final AtomicLong pausedMs = new AtomicLong();

    @Override
    public String example() {
        return "{\"pauseMs\": 1000}";
    }

    @Override
    public Set<String> fields() {
        return Set.of("pauseMs");
    }

    @Override
    public Map<String, Object> arm(Map<String, Object> fields) {
        if (!(fields.get("pauseMs") instanceof Integer ms) || ms < 1 || ms > MAX_PAUSE_MS) {
            throw new BadSettingsException(
                    "pauseMs", "pauseMs must be a number of milliseconds from 1 to " + MAX_PAUSE_MS);
        }
        pendingMs.set(ms);
        return Map.of("pauseMs", ms);
    }

    @Override
    public Map<String, Object> state() {
        return Map.of("pausePendingMs", pendingMs.get(), "pausedMs", pausedMs.get());
    }

    /**
     * Called by the sender thread between two sends: stops it for the armed pause, once, and says
     * whether it did. Cheap when nothing is armed: one volatile read.
     */
    public boolean pauseIfArmed() {
        if (pendingMs.get() == 0) {
            return false;
        }
        long ms = pendingMs.getAndSet(0);
        if (ms == 0) {
            return false;
        }
        Stall.atLeast(ms);
        pausedMs.addAndGet(ms);
        return true;
    }
}
