package dev.latencylab.runner.grafana;

/**
 * One query of a panel, as the dashboard JSON states it.
 *
 * @param instant   Grafana's "Instant" query type: one value at the end of the range
 * @param range     Grafana's "Range" query type: a series over the range (both may be set)
 * @param format    {@code time_series} (default), {@code table} or {@code heatmap}
 * @param minStep   the target's "Min step" ({@code interval}), or null
 */
record Target(
        String refId, String expr, boolean instant, boolean range, String format, String legendFormat, String minStep) {

    public boolean heatmap() {
        return "heatmap".equals(format);
    }

    public boolean table() {
        return "table".equals(format);
    }
}
