package dev.latencylab.runner.endpoint;

/** Prometheus answered, and refused the query (bad PromQL, unknown function...): the query is at fault, not the lab. */
public class PromQueryException extends EndpointException {

    private final String reason;

    PromQueryException(String message, String reason) {
        super(message);
        this.reason = reason;
    }

    /** Prometheus' own words: {@code errorType: error}, as Grafana shows them under a panel. */
    public String reason() {
        return reason;
    }
}
