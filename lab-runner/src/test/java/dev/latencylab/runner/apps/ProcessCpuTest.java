package dev.latencylab.runner.apps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.fake.TestServer;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class ProcessCpuTest {

    @Test
    void anAppBehindAPathPrefixIsReadUnderItsPrefix() throws Exception {
        // Two apps behind one gateway, told apart by their paths: each one's CPU is its own.
        List<String> asked = new CopyOnWriteArrayList<>();
        TestServer gateway = new TestServer()
                .route("/producer/actuator/prometheus", ex -> {
                    asked.add(ex.getRequestURI().getPath());
                    TestServer.reply(ex, 200, "process_cpu_time_ns_total 2.0E9\n");
                })
                .route("/consumer/actuator/prometheus", ex -> {
                    asked.add(ex.getRequestURI().getPath());
                    TestServer.reply(ex, 200, "process_cpu_time_ns_total 5.0E9\n");
                })
                .route("/actuator/prometheus", ex -> TestServer.reply(ex, 200, "process_cpu_time_ns_total 9.0E9\n"));
        try {
            JsonHttp http = new JsonHttp(Duration.ofSeconds(2), Duration.ofSeconds(5));
            URI root = gateway.url();

            assertThat(new ProducerClient(http, URI.create(root + "/producer")).cpuSeconds())
                    .isCloseTo(2.0, within(1e-9));
            assertThat(new ConsumerClient(http, URI.create(root + "/consumer/")).cpuSeconds())
                    .isCloseTo(5.0, within(1e-9));
            assertThat(asked).containsExactly("/producer/actuator/prometheus", "/consumer/actuator/prometheus");
        } finally {
            gateway.close();
        }
    }

    @Test
    void instancesBehindOneGatewayAreNamedByTheirPrefixes() {
        URI endpoint = URI.create("http://gw/p1/actuator/producer");

        assertThat(new InstanceStatus(URI.create("http://gw/p1"), endpoint, null).instance())
                .isEqualTo("http://gw/p1/");
        assertThat(new InstanceStatus(URI.create("http://127.0.0.1:8080"), endpoint, null).instance())
                .isEqualTo("http://127.0.0.1:8080/");
    }

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
