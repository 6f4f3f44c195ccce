package dev.latencylab.runner.grafana;

import java.util.List;

/**
 * A panel that queries Prometheus. Rows and text panels have no targets and are not panels in
 * this sense.
 *
 * @param minInterval the panel's "Min interval" ({@code interval}), or null
 * @param maxDataPoints the panel's "Max data points", or null
 */
record Panel(int id, String title, String type, String minInterval, Integer maxDataPoints, List<Target> targets) {

    public Panel {
        targets = List.copyOf(targets);
    }
}
