package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class CsvLineTest {

    @Test
    void quotesOnlyWhatRfc4180AndSpreadsheetsNeedQuoted() {
        assertThat(CsvLine.of(Arrays.asList("linger-5", null, "1.5", "a,b", "say \"hi\"", "two\nlines", " padded")))
                .isEqualTo("linger-5,,1.5,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\" padded\"\r\n");
    }
}
