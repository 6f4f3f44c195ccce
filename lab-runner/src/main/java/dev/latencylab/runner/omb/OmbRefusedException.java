package dev.latencylab.runner.omb;

import java.util.List;

/** A workload the lab cannot run without misrepresenting it: each reason names the field and why. */
public final class OmbRefusedException extends RuntimeException {

    private final List<String> reasons;

    OmbRefusedException(List<String> reasons) {
        super(String.join("; ", reasons));
        this.reasons = List.copyOf(reasons);
    }

    public List<String> reasons() {
        return reasons;
    }
}
