package dev.latencylab.core.sends;

import dev.latencylab.api.producer.SenderTime;

/** Sender time summed over the stretches a phase was the current one. */
record SenderTimeSum(double seconds, Double onCpuMs, Double waitingForCpuMs, long gcPauseMs, long gcCount) {

    static final SenderTimeSum ZERO = new SenderTimeSum(0, 0.0, 0.0, 0, 0);

    SenderTimeSum plus(SenderTime t) {
        return new SenderTimeSum(
                seconds + t.seconds(),
                onCpuMs == null || t.onCpuMs() == null ? null : onCpuMs + t.onCpuMs(),
                waitingForCpuMs == null || t.waitingForCpuMs() == null ? null : waitingForCpuMs + t.waitingForCpuMs(),
                gcPauseMs + t.gcPauseMs(),
                gcCount + t.gcCount());
    }

    SenderTime toSenderTime() {
        return new SenderTime(seconds, onCpuMs, waitingForCpuMs, gcPauseMs, gcCount);
    }
}
