package dev.latencylab.runner.grafana;

import java.util.List;

/** One panel's targets and what each returned. */
record PanelResult(Panel panel, List<TargetResult> targets) {

    public PanelResult {
        targets = List.copyOf(targets);
    }

    /** Every target of the panel has data: nothing on it says "No data". */
    public boolean hasData() {
        return targets.stream().allMatch(TargetResult::hasData);
    }
}
