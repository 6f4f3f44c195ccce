package dev.latencylab.runner.cli;

import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.endpoint.PrometheusClient;
import java.net.URI;
import picocli.CommandLine.Option;

/** {@code --prometheus}: where the figures and the dashboards' queries are asked (a picocli mixin). */
final class PrometheusArgs {

    @Option(
            names = "--prometheus",
            paramLabel = "URL",
            defaultValue = Defaults.PROMETHEUS,
            description = "Prometheus (default ${DEFAULT-VALUE})")
    URI url;

    PrometheusClient client(JsonHttp http) {
        return new PrometheusClient(http, url);
    }
}
