package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.SettingsLimits;
import dev.latencylab.runner.scenario.RunPlan;
import dev.latencylab.runner.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every label the runner gives a phase is one the producer-app takes as its phaseName: a label
 * refused there stops the run (a rate search's "@50%" once did, in LingerSweepIT).
 */
class PhaseLabelsTest {

    /** The longest name the scenario loader accepts (the schema's phase name pattern), with every character it allows. */
    private static final String LONGEST_NAME = "Aa0._-".repeat(14).substring(0, 80);

    @Test
    void everyLabelOfTheLongestNameIsAPhaseNameTheProducerTakes() {
        List<String> labels = new ArrayList<>();
        for (String name : List.of("linger-0", LONGEST_NAME)) {
            labels.add(RunPlan.label(name, Scenario.MAX_REPEAT, Scenario.MAX_REPEAT));
            labels.add(RateSearchRecord.stepName(name, SettingsLimits.MAX_RATE));
            for (int percent : RateSearchRecord.MEASURED_PERCENT) {
                String share = RateSearchRecord.measuredName(name, percent);
                labels.add(RunPlan.label(share, Scenario.MAX_REPEAT, Scenario.MAX_REPEAT));
            }
        }

        assertThat(labels).contains("linger-0@50%#20", "linger-0-search-200000").allSatisfy(label -> assertThat(
                        SettingsLimits.phaseNameAccepted(label))
                .as(label)
                .isTrue());
    }
}
