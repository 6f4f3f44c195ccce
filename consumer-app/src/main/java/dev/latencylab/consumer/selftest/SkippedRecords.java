package dev.latencylab.consumer.selftest;

import dev.latencylab.core.header.LabHeader;
import dev.latencylab.core.header.RecordStamp;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The self-test's consumer fault: the next k records of one phase are dropped before the lab sees
 * them, as a consumer whose position jumped would. The report must then show exactly k lost.
 */
@Component
public class SkippedRecords {

    private int phase;
    private long left;
    private long skipped;
    /** Read on every record without a lock: the common case, nothing armed, costs one volatile read. */
    private volatile boolean armed;

    /** Drops the next {@code count} records that carry {@code phaseId}. */
    synchronized void arm(int phaseId, long count) {
        this.phase = phaseId;
        this.left = count;
        this.armed = count > 0;
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

    synchronized long pending() {
        return left;
    }

    synchronized long skipped() {
        return skipped;
    }
}
