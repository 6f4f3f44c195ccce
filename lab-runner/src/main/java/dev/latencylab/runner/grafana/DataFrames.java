package dev.latencylab.runner.grafana;

import dev.latencylab.runner.endpoint.PromSeries;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Query results as Grafana data frames in their JSON form ({@code dataFrameToJSON}: a schema
 * with fields, and columns of values), shaped as Grafana's Prometheus datasource shapes them:
 * one frame per series with a Time and a Value field (labels on the value field, the rendered
 * legend as {@code displayNameFromDS}); {@code format: heatmap} merges the {@code le} buckets,
 * de-accumulated, into one {@code heatmap-rows} frame; a target without series still leaves an
 * empty frame with its refId, as Grafana does, so "which query had nothing" stays visible.
 */
final class DataFrames {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** An annotation frame's fields, name and type, in the order of its value columns. */
    private static final String[][] ANNOTATION_FIELDS = {
        {"time", "time"}, {"timeEnd", "time"}, {"isRegion", "boolean"}, {"title", "string"},
        {"text", "string"}, {"tags", "other"}, {"color", "string"}, {"type", "string"}
    };

    private DataFrames() {}

    public static List<ObjectNode> forTarget(TargetResult r) {
        String refId = r.target().refId();
        String executed = "Expr: " + r.executedExpr()
                + (r.timing() == null
                        ? ""
                        : "\nStep: " + QueryTiming.promDuration(r.timing().step()));
        if (r.error() != null) {
            ObjectNode frame = frame(refId, meta(null, executed));
            ArrayNode notices = ((ObjectNode) frame.path("schema").path("meta")).putArray("notices");
            notices.addObject().put("severity", "error").put("text", r.error());
            return List.of(frame);
        }
        List<ObjectNode> frames = new ArrayList<>();
        String legend = r.target().legendFormat();
        Long intervalMs = r.timing() == null ? null : r.timing().step().toMillis();
        if (r.target().table()) {
            List<PromSeries> all = new ArrayList<>(r.rangeSeries());
            all.addAll(r.instantSeries());
            if (!all.isEmpty()) {
                frames.add(table(refId, all, executed));
            }
        } else if (r.target().heatmap()
                && !r.rangeSeries().isEmpty()
                && r.rangeSeries().stream().allMatch(s -> s.labels().containsKey("le"))) {
            frames.add(heatmap(refId, r.rangeSeries(), legend, intervalMs, executed));
        } else {
            for (PromSeries s : r.rangeSeries()) {
                frames.add(timeSeries(
                        refId, s, Legend.displayName(legend, s.labels(), r.executedExpr()), intervalMs, executed));
            }
        }
        if (!r.target().table()) {
            for (PromSeries s : r.instantSeries()) {
                frames.add(
                        timeSeries(refId, s, Legend.displayName(legend, s.labels(), r.executedExpr()), null, executed));
            }
        }
        if (frames.isEmpty()) {
            frames.add(frame(refId, meta(null, executed)));
        }
        return frames;
    }

    /**
     * An annotation query's events as the frame a panel carries beside its series
     * ({@code meta.dataTopic: annotations}); null when the query found nothing.
     */
    public static ObjectNode annotations(AnnotationResult a) {
        if (a.events().isEmpty()) {
            return null;
        }
        ObjectNode meta = NODES.objectNode().put("dataTopic", "annotations");
        ObjectNode frame = frame(null, meta);
        ArrayNode fields = (ArrayNode) frame.path("schema").path("fields");
        ArrayNode values = (ArrayNode) frame.path("data").path("values");
        String color = a.query().iconColor() == null ? "red" : a.query().iconColor();
        List<ArrayNode> columns = new ArrayList<>();
        for (String[] f : ANNOTATION_FIELDS) {
            field(fields, f[0], f[1], null, null);
            columns.add(values.addArray());
        }
        for (AnnotationEvent e : a.events()) {
            columns.get(0).add(e.time());
            columns.get(1).add(e.timeEnd());
            columns.get(2).add(e.isRegion());
            columns.get(3).add(e.title());
            columns.get(4).add(e.text());
            e.tags().forEach(columns.get(5).addArray()::add);
            columns.get(6).add(color);
            columns.get(7).add(a.query().name());
        }
        return frame;
    }

    static ObjectNode timeSeries(String refId, PromSeries s, String displayName, Long intervalMs, String executed) {
        ObjectNode frame = frame(refId, meta("timeseries-multi", executed));
        ArrayNode fields = (ArrayNode) frame.path("schema").path("fields");
        ArrayNode values = (ArrayNode) frame.path("data").path("values");
        timeField(fields, intervalMs);
        field(fields, "Value", "number", s.labels(), displayName);
        ArrayNode times = values.addArray();
        ArrayNode nums = values.addArray();
        for (int i = 0; i < s.times().length; i++) {
            times.add(s.times()[i]);
            addNumber(nums, s.values()[i]);
        }
        return frame;
    }

    /** Grafana's Prometheus heatmap transform: buckets sorted by le, each minus the one below, in one frame. */
    static ObjectNode heatmap(String refId, List<PromSeries> buckets, String legend, Long intervalMs, String executed) {
        List<PromSeries> sorted = buckets.stream()
                .sorted(Comparator.comparingDouble(s -> le(s.labels().get("le"))))
                .toList();
        TreeSet<Long> times = new TreeSet<>();
        sorted.forEach(s -> {
            for (long t : s.times()) {
                times.add(t);
            }
        });
        List<Map<Long, Double>> cumulative = new ArrayList<>();
        for (PromSeries s : sorted) {
            Map<Long, Double> byTime = new TreeMap<>();
            for (int i = 0; i < s.times().length; i++) {
                byTime.put(s.times()[i], s.values()[i]);
            }
            cumulative.add(byTime);
        }
        ObjectNode frame = frame(refId, meta("heatmap-rows", executed));
        ArrayNode fields = (ArrayNode) frame.path("schema").path("fields");
        ArrayNode values = (ArrayNode) frame.path("data").path("values");
        timeField(fields, intervalMs);
        ArrayNode timeColumn = values.addArray();
        times.forEach(timeColumn::add);
        for (int b = 0; b < sorted.size(); b++) {
            PromSeries s = sorted.get(b);
            String name = Legend.displayName(legend, s.labels(), s.labels().get("le"));
            field(fields, name, "number", s.labels(), name);
            ArrayNode column = values.addArray();
            for (long t : times) {
                Double v = cumulative.get(b).get(t);
                Double below =
                        b == 0 ? Double.valueOf(0) : cumulative.get(b - 1).get(t);
                if (v == null || !Double.isFinite(v)) {
                    column.addNull();
                    continue;
                }
                double count = below == null || !Double.isFinite(below) ? v : v - below;
                column.add(count < 1e-9 ? 0 : count);
            }
        }
        return frame;
    }

    /** Grafana's table format: one row per sample, a column per label, the value last as "Value #refId". */
    static ObjectNode table(String refId, List<PromSeries> series, String executed) {
        TreeSet<String> labelNames = new TreeSet<>();
        series.forEach(s ->
                s.labels().keySet().stream().filter(k -> !k.equals("__name__")).forEach(labelNames::add));
        ObjectNode frame = frame(refId, meta("table", executed));
        ArrayNode fields = (ArrayNode) frame.path("schema").path("fields");
        ArrayNode values = (ArrayNode) frame.path("data").path("values");
        timeField(fields, null);
        labelNames.forEach(n -> field(fields, n, "string", null, null));
        field(fields, "Value #" + refId, "number", null, null);
        ArrayNode time = values.addArray();
        List<ArrayNode> labelColumns = new ArrayList<>();
        labelNames.forEach(n -> labelColumns.add(values.addArray()));
        ArrayNode value = values.addArray();
        for (PromSeries s : series) {
            for (int i = 0; i < s.times().length; i++) {
                time.add(s.times()[i]);
                int c = 0;
                for (String n : labelNames) {
                    labelColumns.get(c++).add(s.labels().getOrDefault(n, ""));
                }
                addNumber(value, s.values()[i]);
            }
        }
        return frame;
    }

    private static ObjectNode frame(String refId, ObjectNode meta) {
        ObjectNode frame = NODES.objectNode();
        ObjectNode schema = frame.putObject("schema");
        if (refId != null) {
            schema.put("refId", refId);
        }
        schema.set("meta", meta);
        schema.putArray("fields");
        frame.putObject("data").putArray("values");
        return frame;
    }

    private static ObjectNode meta(String type, String executed) {
        ObjectNode meta = NODES.objectNode();
        if (type != null) {
            meta.put("type", type);
            if (type.equals("timeseries-multi")) {
                meta.putArray("typeVersion").add(0).add(1);
            }
        }
        if (executed != null) {
            meta.put("executedQueryString", executed);
        }
        return meta;
    }

    private static void timeField(ArrayNode fields, Long intervalMs) {
        ObjectNode f = field(fields, "Time", "time", null, null);
        if (intervalMs != null) {
            ((ObjectNode) f.path("config")).put("interval", intervalMs);
        }
    }

    private static ObjectNode field(
            ArrayNode fields, String name, String type, Map<String, String> labels, String displayName) {
        ObjectNode f = fields.addObject();
        f.put("name", name);
        f.put("type", type);
        if (labels != null && !labels.isEmpty()) {
            ObjectNode l = f.putObject("labels");
            new TreeMap<>(labels).forEach(l::put);
        }
        ObjectNode config = f.putObject("config");
        if (displayName != null) {
            config.put("displayNameFromDS", displayName);
        }
        return f;
    }

    /** JSON has no NaN: a sample Prometheus has no number for is null, which Grafana draws as a gap. */
    private static void addNumber(ArrayNode column, double v) {
        if (Double.isFinite(v)) {
            column.add(v);
        } else {
            column.addNull();
        }
    }

    private static double le(String le) {
        if (le == null) {
            return Double.MAX_VALUE;
        }
        if (le.equals("+Inf") || le.equals("Inf")) {
            return Double.POSITIVE_INFINITY;
        }
        try {
            return Double.parseDouble(le);
        } catch (NumberFormatException e) {
            return Double.MAX_VALUE;
        }
    }
}
