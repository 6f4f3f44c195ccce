package dev.latencylab.consumer.selftest;

import dev.latencylab.api.selftest.SelfTestHooks;
import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.app.selftest.SelfTestFault;
import dev.latencylab.core.header.LabHeader;
import dev.latencylab.core.header.RecordStamp;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Component;

/**
 * The self-test's consumer fault: the next k records of one phase are dropped before the lab sees
 * them, as a consumer whose position jumped would. The report must then show exactly k lost. Armed
 * by {@code POST /actuator/selftest {"skip": 50, "phase": 7001}}.
 */
@Component
public class SkippedRecords implements SelfTestFault {

    private int phase;
    private long left;
    private long skipped;
    /** Read on every record without a lock: the common case, nothing armed, costs one volatile read. */
    private volatile boolean armed;

    @Override
    public String example() {
        return "{\"skip\": 50, \"phase\": 7001}";
    }

    @Override
    public Set<String> fields() {
        return Set.of("skip", "phase");
    }

    /** Drops the next {@code skip} records that carry phase id {@code phase}. */
    @Override
    public synchronized Map<String, Object> arm(Map<String, Object> fields) {
        if (!(fields.get("skip") instanceof Integer count) || count < 1 || count > SelfTestHooks.MAX_RECORDS) {
            throw new BadSettingsException(
                    "skip", "skip must be a number of records from 1 to " + SelfTestHooks.MAX_RECORDS);
        }
        if (!(fields.get("phase") instanceof Integer phaseId) || phaseId < 1) {
            throw new BadSettingsException("phase", "phase must be a runner's phase id (an integer from 1)");
        }
        this.phase = phaseId;
        this.left = count;
        this.armed = true;
        return Map.of("skip", count, "phase", phaseId);
    }

    @Override
    public synchronized Map<String, Object> state() {
        return Map.of("skipPending", left, "skipped", skipped);
    }

    /** Whether this record is to be dropped. */
    public boolean skip(byte[] header) {
        if (!armed) {
            return false;
        }
        Optional<RecordStamp> stamp = header == null ? Optional.empty() : LabHeader.decode(header);
        synchronized (this) {
            if (left <= 0 || stamp.isEmpty() || stamp.get().phase() != phase) {
                return false;
            }
            left--;
            skipped++;
            armed = left > 0;
            return true;
        }
    }
}
