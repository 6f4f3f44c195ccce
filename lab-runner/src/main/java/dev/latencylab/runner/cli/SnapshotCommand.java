package dev.latencylab.runner.cli;

import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.grafana.GrafanaSnapshotClient;
import dev.latencylab.runner.grafana.LabDashboard;
import dev.latencylab.runner.grafana.LabDashboards;
import dev.latencylab.runner.grafana.SnapshotExport;
import dev.latencylab.runner.grafana.SnapshotVerifier;
import dev.latencylab.runner.grafana.TimeWindow;
import dev.latencylab.runner.scenario.Durations;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tools.jackson.databind.JsonNode;

/**
 * {@code snapshot}: exports the lab's dashboards with their data over a window as Grafana
 * snapshots: one file per dashboard always, and a snapshot in Grafana when Grafana answers.
 * {@code snapshot --verify DIR} checks such files instead: exit 1 when a panel holds no data.
 */
@Command(
        name = "snapshot",
        description = {
            "The lab's dashboards with their data as Grafana snapshots: one file per dashboard in DIR/snapshots/<uid>.json,",
            "and a snapshot in Grafana (its URL printed) when it answers. With --verify DIR: check snapshot files",
            "(DIR or DIR/snapshots), exit 1 if a panel holds no data."
        })
final class SnapshotCommand extends LabCommand {

    @Mixin
    WindowArgs windowArgs = new WindowArgs();

    @Option(
            names = "--run",
            paramLabel = "DIR|latest",
            description = "a results folder's run window; writes into that folder")
    String run;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "where snapshots/ goes (default results/<UTC time>-snapshot)")
    String outOption;

    @Mixin
    DashboardArgs dashboardArgs = new DashboardArgs();

    @Option(
            names = "--grafana",
            paramLabel = "URL|none",
            defaultValue = Defaults.GRAFANA,
            description = "(default ${DEFAULT-VALUE}; none: files only)")
    String grafana;

    @Mixin
    GrafanaLoginArgs grafanaLogin = new GrafanaLoginArgs();

    @Option(names = "--verify", paramLabel = "DIR", description = "check snapshot files instead of writing them")
    String verify;

    static final Duration DEFAULT_LAST = Duration.ofMinutes(15);
    /** {@code --grafana none}: write the files only. */
    static final String NO_GRAFANA = "none";

    private static final DateTimeFormatter FOLDER_TIME =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    private final JsonHttp http;
    private final Map<String, String> env;
    private final Clock clock;

    SnapshotCommand(PrintStream out, PrintStream err, Path cwd, JsonHttp http, Map<String, String> env, Clock clock) {
        super(out, err, cwd);
        this.http = http;
        this.env = Map.copyOf(env);
        this.clock = clock;
    }

    @Override
    public Integer call() throws InterruptedException {
        if (verify != null) {
            if (args().stream().filter(a -> a.startsWith("--")).count() > 1) {
                throw new UsageException("snapshot --verify DIR takes no other option");
            }
            return verify(cwd.resolve(verify));
        }
        if (run != null && windowArgs.given()) {
            throw new UsageException("--run takes the run's own window: leave out --from/--to/--last");
        }
        boolean withGrafana = !NO_GRAFANA.equals(grafana);
        URI grafanaUrl;
        try {
            grafanaUrl = withGrafana ? Commands.url(grafana) : null;
        } catch (CommandLine.TypeConversionException e) {
            throw new UsageException("--grafana " + e.getMessage() + " or none");
        }

        TimeWindow window;
        Path outDir;
        String label;
        if (run != null) {
            Path runDir = runFolder(run);
            window = runWindow(runDir);
            outDir = outOption != null ? cwd.resolve(outOption) : runDir;
            label = runDir.getFileName().toString();
        } else {
            boolean explicit = windowArgs.given();
            window = windowArgs.window(clock.instant(), DEFAULT_LAST);
            outDir = outOption != null
                    ? cwd.resolve(outOption)
                    : cwd.resolve("results").resolve(FOLDER_TIME.format(clock.instant()) + "-snapshot");
            label = explicit ? null : "last " + Durations.format(DEFAULT_LAST);
        }

        List<LabDashboard> dashboards = LabDashboards.load(cwd.resolve(dashboardArgs.dashboardsDir));
        GrafanaSnapshotClient grafana =
                withGrafana ? new GrafanaSnapshotClient(grafanaUrl, grafanaLogin.login(env, cwd, err)) : null;
        SnapshotExport.Exported exported = new SnapshotExport(dashboardArgs.prometheus.client(http), grafana, out, err)
                .export(dashboards, window, outDir, label);
        if (!withGrafana) {
            out.printf(
                    "Wrote %d snapshot files (--grafana none: no Grafana snapshot created).%n",
                    exported.files().size());
        }
        out.println("Snapshot files: " + outDir.resolve("snapshots"));
        return exported.grafanaFailed() ? ExitCodes.FAILED : ExitCodes.OK;
    }

    private int verify(Path dir) {
        SnapshotVerifier.Verification v = SnapshotVerifier.verify(dir);
        for (SnapshotVerifier.FileReport f : v.files()) {
            out.printf(
                    "  %s: %d/%d panels with data, %d/%d queries%n",
                    f.file().getFileName(), f.panelsWithData(), f.panels(), f.queriesWithData(), f.queries());
        }
        if (v.ok()) {
            out.printf("Every panel of %d snapshot files has data.%n", v.files().size());
            return ExitCodes.OK;
        }
        err.println("Snapshot files with panels lacking data in " + dir + ":");
        v.problems().forEach(p -> err.println("  " + p));
        return ExitCodes.FAILED;
    }

    /** A results folder, or "latest": the newest folder under results/ that a run wrote. */
    private Path runFolder(String value) {
        if (!value.equals("latest")) {
            Path dir = cwd.resolve(value);
            if (!Files.isRegularFile(dir.resolve("environment.json"))) {
                throw new UsageException(
                        dir + " has no environment.json; give a folder the run command wrote, or 'latest'");
            }
            return dir;
        }
        Path results = cwd.resolve("results");
        try (Stream<Path> dirs = Files.isDirectory(results) ? Files.list(results) : Stream.empty()) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve("environment.json")))
                    .max((a, b) ->
                            a.getFileName().toString().compareTo(b.getFileName().toString()))
                    .orElseThrow(() -> new UsageException(
                            "--run latest: no results folder with environment.json under " + results));
        } catch (IOException e) {
            throw new UsageException("--run latest: cannot list " + results + ": " + e.getMessage());
        }
    }

    static TimeWindow runWindow(Path run) {
        try {
            JsonNode env = JsonHttp.MAPPER.readTree(Files.readString(run.resolve("environment.json")));
            Instant start = Instant.parse(env.path("startedAt").asString(""));
            Instant end = Instant.parse(env.path("endedAt").asString(""));
            return new TimeWindow(start, end);
        } catch (IOException | RuntimeException e) {
            throw new UsageException(
                    run.resolve("environment.json") + " holds no readable startedAt/endedAt: " + e.getMessage());
        }
    }
}
