package dev.latencylab.runner.apps;

import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.endpoint.JsonHttp;
import java.net.URI;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A lab app's CPU time so far, as its JVM counts it (user and system time of the whole process, what
 * /proc/&lt;pid&gt;/stat has), read from the {@code process_cpu_time_ns_total} its Prometheus endpoint
 * exports: the one way that works whether the app runs here, in a container or on another host.
 */
final class ProcessCpu {

    private static final Pattern COUNTER =
            Pattern.compile("(?m)^process_cpu_time_ns_total(?:\\{[^}]*})?\\s+([0-9.eE+-]+)\\s*$");

    private ProcessCpu() {}

    /** Seconds of CPU the app's process has used; {@code app}: any of its URLs (the path is replaced). */
    static double seconds(JsonHttp http, String part, URI app) throws InterruptedException {
        URI uri = app.resolve("/actuator/prometheus");
        JsonHttp.Response r = http.get(part, uri);
        JsonHttp.requireOk(part, "GET", uri, r);
        return parse(r.body())
                .orElseThrow(() -> new EndpointException(
                        part + " exports no process_cpu_time_ns_total at " + uri + ": its CPU cannot be measured"));
    }

    static java.util.Optional<Double> parse(String prometheusText) {
        Matcher m = COUNTER.matcher(prometheusText);
        return m.find() ? java.util.Optional.of(Double.parseDouble(m.group(1)) / 1e9) : java.util.Optional.empty();
    }
}
