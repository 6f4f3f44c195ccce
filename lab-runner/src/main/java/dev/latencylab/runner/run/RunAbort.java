package dev.latencylab.runner.run;

/**
 * A stop asked for from another thread (the Ctrl-C hook), noticed by the working thread at its next
 * check: a run's steps and a comparison's check between their parts, so what was measured is kept.
 */
public final class RunAbort {

    // The reason is written before the flag, so a thread that sees the flag sees the reason too.
    private volatile String reason;
    private volatile boolean requested;

    /** From any thread: the next {@link #check()} throws. */
    public void request(String reason) {
        this.reason = reason;
        requested = true;
    }

    /** Why the stop was asked for; null when it was not. */
    public String reason() {
        return reason;
    }

    /** What an interrupted run or comparison stopped for: the reason asked, else a bare interrupt. */
    public String stopReason() {
        return reason != null ? reason : "interrupted";
    }

    /** @throws InterruptedException with the reason, once a stop was asked for */
    public void check() throws InterruptedException {
        if (requested) {
            throw new InterruptedException(reason);
        }
    }
}
