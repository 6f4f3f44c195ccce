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

    private Defaults() {}
}
