package dev.latencylab.consumer.selftest;

import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.app.selftest.SelfTestFault;
import dev.latencylab.core.clock.Stall;
import dev.latencylab.core.header.LabHeader;
import dev.latencylab.core.header.RecordStamp;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Component;

/**
 * The self-test's delay of known size on the consumer's side: the listener holds the first poll
 * of one phase for h ms before it processes it, as a listener stalled by slow work or a GC pause
 * would. The records of that poll are consumed h ms late, and those that arrive meanwhile wait:
 * the report must then show a naive and a corrected e2e max of about h, and a publish delay that
 * knows nothing of it. Armed by {@code POST /actuator/selftest {"holdMs": 1000, "holdPhase": 7001}}.
 */
@Component
public class HeldPoll implements SelfTestFault {

    /** Below the consumer's max.poll.interval.ms (300 s) by far: a hold is a stall, not a leave. */
    static final int MAX_HOLD_MS = 10_000;

    private int phase;
    private long pendingMs;
    private long heldMs;
    /** Read on every poll without a lock: the common case, nothing armed, costs one volatile read. */
    private volatile boolean armed;

    @Override
    public String example() {
        return "{\"holdMs\": 1000, \"holdPhase\": 7001}";
    }

    @Override
    public Set<String> fields() {
        return Set.of("holdMs", "holdPhase");
    }

    @Override
    public synchronized Map<String, Object> arm(Map<String, Object> fields) {
        if (!(fields.get("holdMs") instanceof Integer ms) || ms < 1 || ms > MAX_HOLD_MS) {
            throw new BadSettingsException(
                    "holdMs", "holdMs must be a number of milliseconds from 1 to " + MAX_HOLD_MS);
        }
        if (!(fields.get("holdPhase") instanceof Integer phaseId) || phaseId < 1) {
            throw new BadSettingsException("holdPhase", "holdPhase must be a runner's phase id (an integer from 1)");
        }
        this.phase = phaseId;
        this.pendingMs = ms;
        this.armed = true;
        return Map.of("holdMs", ms, "holdPhase", phaseId);
    }

    @Override
    public synchronized Map<String, Object> state() {
        return Map.of("holdPendingMs", pendingMs, "heldMs", heldMs);
    }

    /** Whether a hold is armed: one volatile read, so the listener looks at no header otherwise. */
    public boolean armed() {
        return armed;
    }

    /**
     * Holds the calling listener thread for the armed time, once, if the poll's first record
     * ({@code header}: its lab header) is of the armed phase; says whether it did.
     */
    public boolean holdIfArmed(byte[] header) {
        if (!armed) {
            return false;
        }
        Optional<RecordStamp> stamp = header == null ? Optional.empty() : LabHeader.decode(header);
        long ms;
        synchronized (this) {
            if (pendingMs == 0 || stamp.isEmpty() || stamp.get().phase() != phase) {
                return false;
            }
            ms = pendingMs;
            pendingMs = 0;
            armed = false;
        }
        Stall.atLeast(ms);
        synchronized (this) {
            heldMs += ms;
        }
        return true;
    }
}
