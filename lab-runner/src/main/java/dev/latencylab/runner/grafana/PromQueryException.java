package dev.latencylab.runner.grafana;

/** Prometheus answered, and refused the query: the message is Prometheus' own. */
class PromQueryException extends RuntimeException {

    public PromQueryException(String message) {
        super(message);
    }
}
