package dev.latencylab.runner.grafana;

import dev.latencylab.runner.scenario.Durations;
import java.time.Duration;
import java.util.List;

/**
 * The step and the {@code $__interval}, {@code $__rate_interval} and {@code $__range} values
 * Grafana's Prometheus datasource would use for one query over a window:
 * <ul>
 * <li>{@code $__interval}: the window divided by the panel's max data points, rounded the way
 * Grafana rounds it, and never below the minimum interval (the panel's, else the datasource's
 * scrape interval, 5 s in provisioning/datasources/prometheus.yml). It is also the query's step.</li>
 * <li>{@code $__rate_interval}: max($__interval + scrape interval, 4 x scrape interval), where a
 * target's "Min step" stands for the scrape interval (Grafana's definition since 10.2).</li>
 * </ul>
 */
record QueryTiming(Duration step, Duration rateInterval, Duration range) {

    /** The datasource's timeInterval: Prometheus scrapes every job every 5 s (docs/contracts.md). */
    public static final Duration SCRAPE_INTERVAL = Duration.ofSeconds(5);
    /**
     * Grafana uses the panel's width in pixels when the panel sets no max data points; a file
     * has no width, so a typical half-screen panel's is taken.
     */
    public static final int DEFAULT_MAX_DATA_POINTS = 1000;

    /** Grafana's interval rounding table (kbn.roundInterval), from 1 s up: [upper bound of raw, rounded]. */
    private static final List<long[]> ROUNDING = List.of(
            new long[] {1_500, 1_000},
            new long[] {3_500, 2_000},
            new long[] {7_500, 5_000},
            new long[] {12_500, 10_000},
            new long[] {17_500, 15_000},
            new long[] {25_000, 20_000},
            new long[] {45_000, 30_000},
            new long[] {90_000, 60_000},
            new long[] {150_000, 120_000},
            new long[] {450_000, 300_000},
            new long[] {750_000, 600_000},
            new long[] {1_050_000, 900_000},
            new long[] {1_500_000, 1_200_000},
            new long[] {2_700_000, 1_800_000},
            new long[] {5_400_000, 3_600_000},
            new long[] {9_000_000, 7_200_000},
            new long[] {16_200_000, 10_800_000},
            new long[] {27_000_000, 21_600_000},
            new long[] {43_200_000, 43_200_000});

    public static QueryTiming forPanel(TimeWindow window, Panel panel, Target target) {
        Duration scrape = target.minStep() != null ? parse(target.minStep()) : SCRAPE_INTERVAL;
        Duration min = max(scrape, panel.minInterval() != null ? parse(panel.minInterval()) : SCRAPE_INTERVAL);
        int points = panel.maxDataPoints() != null && panel.maxDataPoints() > 0
                ? panel.maxDataPoints()
                : DEFAULT_MAX_DATA_POINTS;
        Duration interval = max(round(window.length().dividedBy(points)), min);
        return new QueryTiming(interval, rateInterval(interval, scrape), window.length());
    }

    /** Annotation queries run with their own step (Grafana's default 60 s) as the interval. */
    public static QueryTiming forAnnotation(TimeWindow window, AnnotationQuery annotation) {
        Duration step = annotation.step() != null ? parse(annotation.step()) : Duration.ofSeconds(60);
        return new QueryTiming(step, rateInterval(step, SCRAPE_INTERVAL), window.length());
    }

    static Duration rateInterval(Duration interval, Duration scrape) {
        return max(interval.plus(scrape), scrape.multipliedBy(4));
    }

    static Duration round(Duration raw) {
        long ms = raw.toMillis();
        for (long[] r : ROUNDING) {
            if (ms <= r[0]) {
                return Duration.ofMillis(r[1]);
            }
        }
        return Duration.ofDays(Math.max(1, Math.round(ms / 86_400_000.0)));
    }

    /** "10s", "1m", also Grafana's ">10s" (a lower bound, which is what a min interval is anyway). */
    static Duration parse(String grafanaInterval) {
        String s = grafanaInterval.strip();
        if (s.startsWith(">")) {
            s = s.substring(1).strip();
        }
        try {
            return Durations.parse(s);
        } catch (IllegalArgumentException e) {
            throw new DashboardException("interval '" + grafanaInterval + "' is not a duration like 5s or 1m");
        }
    }

    /** Prometheus' duration form: 20s, 5m, 1h, 250ms. */
    public static String promDuration(Duration d) {
        long ms = d.toMillis();
        if (ms % 3_600_000 == 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms % 60_000 == 0) {
            return ms / 60_000 + "m";
        }
        if (ms % 1_000 == 0) {
            return ms / 1_000 + "s";
        }
        return ms + "ms";
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
