package dev.latencylab.runner.cli;

/**
 * Where the lab's parts answer unless told otherwise (docs/contracts.md "Ports"): written once,
 * used by every command's options and help.
 */
final class Defaults {

    static final String PRODUCER = "http://127.0.0.1:8080";
    static final String CONSUMER = "http://127.0.0.1:8081";
    static final String PROMETHEUS = "http://127.0.0.1:9090";
    static final String GRAFANA = "http://127.0.0.1:3000";
    static final String BOOTSTRAP = "127.0.0.1:9092,127.0.0.1:9093,127.0.0.1:9094";
    static final String RESULTS = "results";

    /**
     * Whether {@code bootstrap} is the lab's own brokers: any other list is a cluster the lab did not
     * start (scripts/lab passes the one given to 'up --bootstrap'), where a topic may be someone's.
     */
    static boolean labsOwnBrokers(String bootstrap) {
        return BOOTSTRAP.equals(bootstrap);
    }

    private Defaults() {}
}
