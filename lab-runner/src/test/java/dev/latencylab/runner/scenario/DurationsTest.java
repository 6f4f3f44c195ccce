package dev.latencylab.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {

    @Test
    void durationsBeyondAWeekOrBeyondALongAreRefusedWithAReasonNotAStackTrace() {
        assertThat(Durations.parse("1m30s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("168h")).isEqualTo(Duration.ofDays(7));
        for (String text : new String[] {"9999999999999999h", "99999999999999999999s", "169h", "PT1000H"}) {
            assertThatThrownBy(() -> Durations.parse(text))
                    .as(text)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("'" + text + "' is longer than the 168h a duration may be here");
        }
    }
}
