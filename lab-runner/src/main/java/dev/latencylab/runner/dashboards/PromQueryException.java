package dev.latencylab.runner.dashboards;

/** Prometheus answered, and refused the query: the message is Prometheus' own. */
public class PromQueryException extends RuntimeException {

    public PromQueryException(String message) {
        super(message);
    }
}
