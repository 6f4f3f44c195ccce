package dev.latencylab.runner.apps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ProcessCpuTest {

    @Test
    void readsTheJvmsCpuTimeFromPrometheusTextInSeconds() {
        String text = "# HELP process_cpu_usage The \"recent cpu usage\" for the Java Virtual Machine process\n"
                + "process_cpu_usage{application=\"producer-app\"} 0.24\n"
                + "# TYPE process_cpu_time_ns_total counter\n"
                + "process_cpu_time_ns_total{application=\"producer-app\"} 1.782E10\n";

        assertThat(ProcessCpu.parse(text)).hasValueSatisfying(s -> assertThat(s).isCloseTo(17.82, within(1e-9)));
    }

    @Test
    void nothingWhenTheCounterIsNotExported() {
        assertThat(ProcessCpu.parse("process_cpu_usage{application=\"x\"} 0.24\n"))
                .isEmpty();
    }
}
