package dev.latencylab.runner.results.report;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.runner.results.summary.Figures;
import dev.latencylab.runner.results.summary.RunSummary;
import dev.latencylab.runner.results.summary.SettingsGrid;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;
import org.knowm.xchart.HeatMapSeries;
import org.knowm.xchart.style.Styler;

/**
 * Heat maps of one figure over a {@link SettingsGrid}: linger.ms across, the codec down (none on
 * top, as in a table), each cell coloured and labelled with its median over the repeats. A cell
 * without a value is left unpainted and marked "no value", never drawn as 0.
 */
final class HeatMapWriter {

    /** A heat map the results folder holds: its file, what it shows, the figure and the decimals a cell shows. */
    record HeatMap(String file, String what, String key, int decimals) {}

    static final HeatMap DISK_RATIO = new HeatMap(
            "disk-ratio-heatmap.png",
            "bytes on disk per record, ratio to compression none at the same linger.ms",
            Figures.DISK_RATIO,
            2);
    static final HeatMap E2E_P99 =
            new HeatMap("e2e-p99-heatmap.png", "end-to-end p99 latency in ms (naive)", Figures.P99, 1);
    static final List<HeatMap> ALL = List.of(DISK_RATIO, E2E_P99);

    /** Lower is better in both maps: green for the least, through yellow, to orange for the most. */
    private static final Color[] SCALE = {
        new Color(0xA1, 0xD9, 0x9B), new Color(0xFF, 0xF5, 0x9D), new Color(0xFC, 0x8D, 0x59)
    };

    /** The painted cells ({x, y, value}: indices into the lingers and the reversed codecs) and those without a value. */
    record Layout(List<Number[]> cells, List<HeatMapGaps.Gap> gaps) {}

    /** Draws the map; returns false (and writes nothing) when no cell of the grid has the figure. */
    boolean draw(Path file, RunSummary summary, SettingsGrid grid, HeatMap map) throws IOException {
        List<Integer> lingers = grid.lingers();
        List<Compression> codecs = rows(grid);
        Layout layout = layout(grid, map.key());
        if (layout.cells().isEmpty()) {
            return false;
        }
        int count = summary.repeats().count();
        HeatMapChart chart = new HeatMapChartBuilder()
                .width(ChartWriter.WIDTH)
                .height(ChartWriter.HEIGHT)
                .title(summary.scenario() + ": " + map.what() + (count > 1 ? " (median of " + count + " repeats)" : ""))
                .xAxisTitle("linger.ms")
                .yAxisTitle("compression")
                .build();
        ChartWriter.style(chart.getStyler());
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setRangeColors(SCALE);
        chart.getStyler().setShowValue(true);
        chart.getStyler().setHeatMapValueDecimalPattern("0." + "0".repeat(map.decimals()));
        chart.getStyler().setValueFont(new Font(Font.SANS_SERIF, Font.PLAIN, 15));
        chart.getStyler().setValueFontColor(new Color(0x21, 0x21, 0x21));
        chart.getStyler().setPlotGridLinesVisible(false);
        HeatMapSeries series = chart.addSeries(
                map.what(),
                lingers.stream().map(String::valueOf).toList(),
                codecs.stream().map(grid::label).toList(),
                layout.cells());
        // The scale's legend prints its ends as raw doubles (0.4020618556701031): ends at the cells'
        // precision, just outside the values, read as the cells do.
        double scale = Math.pow(10, map.decimals());
        series.setMin(Math.floor(series.getMin() * scale) / scale);
        series.setMax(Math.ceil(series.getMax() * scale) / scale);
        chart.addAnnotation(new HeatMapGaps(lingers.size(), codecs.size(), layout.gaps()));
        ChartWriter.save(chart, file);
        return true;
    }

    static Layout layout(SettingsGrid grid, String key) {
        List<Integer> lingers = grid.lingers();
        List<Compression> codecs = rows(grid);
        List<Number[]> cells = new ArrayList<>();
        List<HeatMapGaps.Gap> gaps = new ArrayList<>();
        for (int x = 0; x < lingers.size(); x++) {
            for (int y = 0; y < codecs.size(); y++) {
                Double v = grid.median(lingers.get(x), codecs.get(y), key);
                if (v == null || !Double.isFinite(v)) {
                    gaps.add(new HeatMapGaps.Gap(x, y));
                } else {
                    cells.add(new Number[] {x, y, v});
                }
            }
        }
        return new Layout(cells, gaps);
    }

    /** Row 0 is drawn at the bottom: the codecs go in reversed so none comes out on top. */
    private static List<Compression> rows(SettingsGrid grid) {
        List<Compression> codecs = new ArrayList<>(grid.codecs());
        Collections.reverse(codecs);
        return codecs;
    }
}
