package dev.latencylab.runner.apps;

import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.endpoint.Urls;
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

    /**
     * Seconds of CPU the app's process has used; {@code base}: its URL as given, whose path (a prefix a
     * gateway routes by) the Prometheus endpoint goes under, as every other endpoint of the app does.
     */
    static double seconds(JsonHttp http, String part, URI base) throws InterruptedException {
        URI uri = Urls.resolve(base, "/actuator/prometheus");
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
