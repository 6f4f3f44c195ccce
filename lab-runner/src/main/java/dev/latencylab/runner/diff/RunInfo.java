package dev.latencylab.runner.diff;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What names a run in the diff's header: its folder, scenario, when it ran, how many rounds of
 * repeats, whether it ran to the end, and what it ran on: environment.json's fields (lab and
 * kafka-clients versions, Java, OS, cores, memory), or only summary.json's cores when the folder
 * has none.
 */
record RunInfo(
        String folder,
        String path,
        String scenario,
        String startedAt,
        String endedAt,
        Boolean complete,
        String stopReason,
        int repeats,
        Map<String, String> environment,
        List<String> warnings) {

    RunInfo {
        environment = Collections.unmodifiableMap(new LinkedHashMap<>(environment));
        warnings = List.copyOf(warnings);
    }
}
