package dev.latencylab.producer.selftest;

import dev.latencylab.api.selftest.SelfTestHooks;
import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.app.selftest.SelfTestFault;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * The self-test's producer fault: each of the next k records is written twice, the second copy
 * unseen by the app's counters, as an acks=1 retry of a request whose answer was lost would. The
 * report must then show exactly k duplicated, and the phase must have lost nothing. Armed by
 * {@code POST /actuator/selftest {"duplicate": 30}}.
 */
@Component
public class DuplicatedRecords implements SelfTestFault {

    private final AtomicLong left = new AtomicLong();
    private final AtomicLong written = new AtomicLong();

    @Override
    public String example() {
        return "{\"duplicate\": 30}";
    }

    @Override
    public Set<String> fields() {
        return Set.of("duplicate");
    }

    @Override
    public Map<String, Object> arm(Map<String, Object> fields) {
        if (!(fields.get("duplicate") instanceof Integer count) || count < 1 || count > SelfTestHooks.MAX_RECORDS) {
            throw new BadSettingsException(
                    "duplicate", "duplicate must be a number of records from 1 to " + SelfTestHooks.MAX_RECORDS);
        }
        left.set(count);
        return Map.of("duplicate", count);
    }

    @Override
    public Map<String, Object> state() {
        return Map.of("duplicatePending", Math.max(0, left.get()), "duplicated", written.get());
    }

    /** Whether the record just sent is to be written again; cheap when nothing is armed. */
    public boolean writeAgain() {
        if (left.get() <= 0 || left.getAndDecrement() <= 0) {
            return false;
        }
        written.incrementAndGet();
        return true;
    }
}
