package dev.latencylab.runner.apps;

import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.endpoint.PrometheusClient;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks, before any load starts, that the parts a run needs answer. All failures are reported
 * together so one look tells what is down.
 */
public final class Preflight {

    private final JsonHttp http;

    public Preflight(JsonHttp http) {
        this.http = http;
    }

    /** A part to check: its name, the URL that must answer 2xx, and whether the run can go on without it. */
    public record Check(String part, URI uri, boolean required) {}

    public record Findings(List<String> failures, List<String> warnings) {
        public boolean ok() {
            return failures.isEmpty();
        }

        /** Prints what does not answer and how to fix it; true when nothing failed. */
        public boolean reportTo(java.io.PrintStream err, String fix) {
            if (ok()) {
                return true;
            }
            err.println("The lab is not ready; these do not answer:");
            failures.forEach(f -> err.println("  " + f));
            err.println(fix);
            return false;
        }
    }

    /**
     * What a scenario's run needs to answer: every app instance, Prometheus, and the delay wire when
     * a phase sets a round trip ({@code network} null otherwise). Grafana only warns: a run needs
     * none (its dashboard snapshots are written as files either way), and local mode starts it only
     * where it is installed.
     */
    public static List<Check> ofRun(
            ProducerClient producer, ConsumerClient consumer, URI prometheus, NetworkClient network, URI grafana) {
        List<Check> checks = new ArrayList<>();
        checks.add(new Check(ProducerClient.PART, producer.endpoint(), true));
        consumer.endpoints().forEach(e -> checks.add(new Check(ConsumerClient.PART, e, true)));
        checks.add(new Check(PrometheusClient.PART, prometheus, true));
        if (network != null) {
            checks.add(new Check(NetworkClient.PART, network.endpoint(), true));
        }
        checks.add(new Check("Grafana", grafana, false));
        return checks;
    }

    public Findings check(List<Check> checks) throws InterruptedException {
        List<String> failures = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        for (Check c : checks) {
            String problem = probe(c);
            if (problem != null) {
                (c.required() ? failures : warnings).add(problem);
            }
        }
        return new Findings(failures, warnings);
    }

    private String probe(Check c) throws InterruptedException {
        try {
            JsonHttp.Response r = http.get(c.part(), c.uri());
            return r.ok()
                    ? null
                    : c.part() + " at " + c.uri() + " answered HTTP " + r.status() + ": "
                            + JsonHttp.abbreviate(r.body());
        } catch (EndpointException e) {
            return e.getMessage();
        }
    }
}
