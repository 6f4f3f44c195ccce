package dev.latencylab.runner.selftest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SelfTestTableTest {

    @Test
    void theTableHasItsHeaderAlignmentAndARowPerFaultThenTheCount() {
        String table = SelfTest.table(List.of(
                new SelfTestRow("kill a|b", "1", "2", "", true), new SelfTestRow("pause", "3", "4", "5", false)));

        assertThat(table)
                .isEqualTo("| fault | injected | expected | reported | |\n"
                        + "|---|---|---|---|---|\n"
                        + "| kill a\\|b | 1 | 2 | | ok |\n"
                        + "| pause | 3 | 4 | 5 | MISMATCH |\n"
                        + "\n"
                        + "1 passed, 1 failed\n");
    }
}
