package dev.latencylab.api.settings;

/**
 * The most heap a value a client sends may make a process hold, and why that much. The ranges of
 * {@link SettingsLimits} are the same everywhere; this one is the holding process's own (a share
 * of its max heap), so its refusal says where the number comes from and what to change.
 *
 * @param bytes the most bytes the value may take
 * @param reason where that comes from, e.g. "a third of the producer-app's max heap (536870912
 *     bytes, -Xmx): the Kafka client may fill all of it"
 */
public record MemoryLimit(long bytes, String reason) {

    /** For a process that checks a value without holding it (the runner): only the value's own rules apply. */
    public static final MemoryLimit NONE = new MemoryLimit(Long.MAX_VALUE, "no limit");

    /** A 400 naming {@code field} and this limit unless {@code value} is within it. */
    public void check(String field, long value) {
        if (value > bytes) {
            throw new BadSettingsException(field, field + " must be " + describe() + "; got " + value);
        }
    }

    /** "at most N bytes here, [reason]": the bound and where it comes from. */
    public String describe() {
        return "at most " + bytes + " bytes here, " + reason;
    }
}
