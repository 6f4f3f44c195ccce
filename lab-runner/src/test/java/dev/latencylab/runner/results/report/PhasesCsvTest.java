package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.runner.results.summary.Figures;
import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.results.summary.Phases;
import dev.latencylab.runner.results.summary.RunSummary;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** phases.csv, read back by a CSV parser other than the writer: every value is the summary's. */
class PhasesCsvTest {

    /** Everything RFC 4180 must quote, and spaces a spreadsheet would trim. */
    private static final String AWKWARD = " linger, \"fast\"\r\nsecond line ";

    @TempDir
    Path dir;

    @Test
    void everyPhaseIsARowWhoseValuesAreTheSummarys() throws Exception {
        RunSummary summary = sampleRunWith(
                Phases.phase(AWKWARD, 5, 3.0, 9.0, 0.2, 500, 1.0),
                Phases.withoutPrometheus("no-prometheus", 0, 2, 8),
                Phases.drain("drain", "record, in-order", 900, 0.05, 12),
                Phases.onDisk("on-disk", 5, Compression.LZ4, 1_200_000, 10_000));

        PhasesCsv.write(dir, summary);
        List<Map<String, String>> rows = read(dir.resolve(PhasesCsv.FILE));

        assertThat(rows).hasSameSizeAs(summary.phases()).hasSize(8);
        for (int i = 0; i < rows.size(); i++) {
            PhaseSummary p = summary.phases().get(i);
            Map<String, String> row = rows.get(i);
            assertThat(row.get("phase")).isEqualTo(summary.label(p));
            assertThat(row.get("name")).isEqualTo(p.name());
            assertThat(row.get("phaseId")).isEqualTo(Integer.toString(p.phaseId()));
            assertThat(row.get("measuredFrom [UTC]")).isEqualTo(p.measuredFrom().toString());
            assertThat(row.get("settings.lingerMs"))
                    .isEqualTo(Integer.toString(p.settings().lingerMs()));
            Map<String, Double> figures = Figures.of(p);
            assertThat(figures).containsKeys(Figures.P99, Figures.CORRECTED_P99, Figures.DELAY_P99, "counts.lost");
            figures.forEach((key, value) -> {
                String cell = row.get(PhasesCsv.header(key));
                assertThat(cell).as("%s of %s", key, p.name()).isNotNull();
                if (value == null) {
                    assertThat(cell).as("%s of %s", key, p.name()).isEmpty();
                } else {
                    assertThat(Double.parseDouble(cell))
                            .as("%s of %s", key, p.name())
                            .isEqualTo(value);
                }
            });
        }
        assertThat(rows.get(4).get("name")).isEqualTo(AWKWARD);
        assertThat(rows.get(0).get("latencyMs.p99")).isEqualTo("6.8");
        assertThat(rows.get(0).get("achievedRate [records/s]")).isEqualTo("999.6");
        assertThat(rows.get(0).get("settings.rate [records/s]")).isEqualTo("1000");
        assertThat(rows.get(0).get("cpuCores.brokers.2")).isEqualTo("0.38");
        assertThat(rows.get(0).get("counts.sent [records]")).isEqualTo("49980");
        assertThat(rows.get(5).get("cpuCores.producer"))
                .as("not measured: empty, not 0")
                .isEmpty();
    }

    @Test
    void aRunWithoutPhasesStillHasItsHeader() throws Exception {
        RunSummary empty = sampleRunWith();
        RunSummary none = new RunSummary(
                empty.scenario(),
                null,
                empty.startedAt(),
                empty.endedAt(),
                false,
                "stopped",
                2,
                null,
                null,
                List.of(),
                RunSummary.RunTotals.NONE,
                null,
                null,
                null,
                null,
                List.of());

        PhasesCsv.write(dir, none);

        String header = Files.readAllLines(dir.resolve(PhasesCsv.FILE)).get(0);
        assertThat(header).startsWith("phase,name,repeat,phaseId,").contains(",latencyMs.p99,");
    }

    private static List<Map<String, String>> read(Path csv) throws Exception {
        CsvSchema withHeader = CsvSchema.emptySchema().withHeader();
        try (MappingIterator<Map<String, String>> rows =
                new CsvMapper().readerForMapOf(String.class).with(withHeader).readValues(csv.toFile())) {
            return rows.readAll();
        }
    }

    /** The saved sample run's four phases, then {@code more}. */
    private static RunSummary sampleRunWith(PhaseSummary... more) throws Exception {
        RunSummary saved;
        try (InputStream in = PhasesCsvTest.class.getResourceAsStream("/sample-run/summary.json")) {
            saved = ResultsWriter.JSON.readValue(in, RunSummary.class);
        }
        List<PhaseSummary> phases = new ArrayList<>(saved.phases());
        phases.addAll(List.of(more));
        return new RunSummary(
                saved.scenario(),
                saved.description(),
                saved.startedAt(),
                saved.endedAt(),
                saved.complete(),
                saved.stopReason(),
                saved.cores(),
                null,
                saved.stackWarmup(),
                phases,
                saved.totals(),
                saved.reading(),
                saved.warnings(),
                saved.rateSearches(),
                saved.stack(),
                List.of());
    }
}
