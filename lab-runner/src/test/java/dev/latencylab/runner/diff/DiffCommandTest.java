package dev.latencylab.runner.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.latencylab.runner.cli.Cli;
import dev.latencylab.runner.endpoint.JsonHttp;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code diff A B} as the CLI runs it, on real results folders and on written ones with repeats. */
class DiffCommandTest {

    @TempDir
    Path cwd;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int diff(String... args) {
        out.reset();
        err.reset();
        List<String> argv = new ArrayList<>(List.of("diff"));
        argv.addAll(List.of(args));
        return new Cli(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        cwd)
                .execute(argv.toArray(String[]::new));
    }

    private static String real(String name) {
        return Fixtures.folder(name).toString();
    }

    private Path defaultFolder(String a, String b) {
        return cwd.resolve("results").resolve("diff-" + a + "-vs-" + b);
    }

    private static JsonNode json(Path file) throws IOException {
        return JsonHttp.MAPPER.readTree(Files.readString(file));
    }

    /** Each element's field, in order (findValues would also descend into the elements' own children). */
    private static List<String> each(JsonNode array, String field) {
        List<String> values = new ArrayList<>();
        array.forEach(e -> values.add(e.path(field).asString()));
        return values;
    }

    private static JsonNode figure(JsonNode phase, String name) {
        for (JsonNode f : phase.path("figures")) {
            if (f.path("name").asString().equals(name)) {
                return f;
            }
        }
        throw new AssertionError("no figure " + name + " in " + phase.path("name"));
    }

    @Test
    void twoRealRunsAreComparedPhaseByPhaseIntoDiffJsonAndDiffMd() throws IOException {
        int code = diff(real(Fixtures.OLD_A), real(Fixtures.OLD_B));

        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        Path dir = defaultFolder(Fixtures.OLD_A, Fixtures.OLD_B);
        JsonNode d = json(dir.resolve("diff.json"));
        assertThat(each(d.path("phases"), "name")).containsExactly("linger-0", "linger-5", "linger-10", "linger-20");
        JsonNode zero = d.path("phases").get(0);
        JsonNode p99 = figure(zero, "e2e.p99");
        assertThat(p99.path("a").path("median").doubleValue()).isEqualTo(126.463);
        assertThat(p99.path("b").path("median").doubleValue()).isEqualTo(319.231);
        assertThat(p99.path("change").doubleValue()).isCloseTo(192.768, within(1e-9));
        assertThat(p99.path("changePercent").doubleValue()).isCloseTo(152.43, within(0.01));
        assertThat(p99.path("better").asString()).isEqualTo("lower");
        assertThat(p99.path("spread").asString()).isEqualTo("no spread measured");
        assertThat(p99.path("verdict").asString()).isEqualTo("worse");
        // Produce requests/s fell from 785 to 364: better, as fewer requests cost less.
        assertThat(figure(zero, "requests.produce").path("verdict").asString()).isEqualTo("better");
        assertThat(figure(zero, "lost").path("verdict").asString()).isEqualTo("same");
        assertThat(d.path("onlyInA")).isEmpty();
        assertThat(d.path("thresholdCrossed").booleanValue()).isFalse();

        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(printed)
                .startsWith("# " + Fixtures.OLD_A + " vs " + Fixtures.OLD_B)
                .contains("| | A | B |\n|---|---|---|\n| folder | " + Fixtures.OLD_A + " | " + Fixtures.OLD_B + " |\n")
                .contains("| started | 2026-11-23 12:38:17Z | 2026-11-23 13:08:14Z |")
                .contains("## Phases\n\n| phase | repeats A | repeats B | worse | better | within spread | note |\n"
                        + "|---|---:|---:|---:|---:|---:|---|\n"
                        + "| linger-0 | 1 | 1 | 16 | 8 | 0 | |\n")
                .contains("## linger-0\n\n")
                .contains("| figure | A | B | change | change % | vs spread | verdict |\n"
                        + "|---|---:|---:|---:|---:|---|---|\n"
                        + "| measured window (s) | 15.1 | 15.0 | -0.1 | -0.4% | no spread measured | lower |\n")
                .contains("| e2e p99 (ms) | 126 | 319 | +193 | +152% | no spread measured | **worse** |")
                .contains("Diff: " + dir);
        assertThat(printed).startsWith(Files.readString(dir.resolve("diff.md")));
    }

    @Test
    void aCrossedFailOnThresholdExitsThreeAndOneNotCrossedExitsZero() throws IOException {
        Path out1 = cwd.resolve("d1");
        assertThat(diff(real(Fixtures.OLD_A), real(Fixtures.OLD_B), "--fail-on", "e2e.p99=+10%", "--out", "d1"))
                .isEqualTo(3);
        JsonNode check = json(out1.resolve("diff.json")).path("failOn").get(0);
        assertThat(check.path("outcome").asString()).isEqualTo("fail");
        assertThat(each(check.path("crossings"), "phase"))
                .containsExactly("linger-0", "linger-5", "linger-10", "linger-20");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("- **FAIL** `e2e.p99=+10%`");

        // linger-5's p99 rose the most, by 553%: a threshold above that is not crossed.
        assertThat(diff(
                        real(Fixtures.OLD_A),
                        real(Fixtures.OLD_B),
                        "--fail-on",
                        "e2e.p99=+600%",
                        "--fail-on",
                        "lost=0",
                        "--out",
                        "d2"))
                .isZero();
        assertThat(each(json(cwd.resolve("d2/diff.json")).path("failOn"), "outcome"))
                .containsExactly("pass", "pass");
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("- pass `lost=0` (lost may rise by at most 0, on the median or each run's worst repeat): not"
                        + " crossed in 4 matched phases\n");
    }

    @Test
    void aWrongCommandLineOrFolderExitsTwoSayingWhyAndWritesNothing() throws IOException {
        String a = real(Fixtures.OLD_A);
        String b = real(Fixtures.OLD_B);

        assertThat(diff(a, b, "--fail-on", "e2e.p98=+10%")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("error: --fail-on e2e.p98=+10%: unknown figure 'e2e.p98'; known: samples, e2e.p50")
                .contains("Usage: lab-runner diff");
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();

        assertThat(diff(a, b, "--fail-on", "e2e.p99>10%")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--fail-on takes FIGURE=THRESHOLD");

        assertThat(diff(a, "missing")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains(cwd.resolve("missing") + " is not a folder");

        Files.createDirectories(cwd.resolve("empty"));
        assertThat(diff("empty", b)).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains(cwd.resolve("empty") + " has no summary.json");

        assertThat(diff(a)).isEqualTo(2);
        assertThat(cwd.resolve("results")).doesNotExist();
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void runsWrittenByTwoRunnerVersionsAreComparedOnWhatBothHold() throws IOException {
        assertThat(diff(real(Fixtures.OLD_B), real(Fixtures.CURRENT), "--fail-on", "lost=0"))
                .isZero();

        JsonNode d = json(defaultFolder(Fixtures.OLD_B, Fixtures.CURRENT).resolve("diff.json"));
        JsonNode zero = d.path("phases").get(0);
        assertThat(zero.path("setupDifferences")).isEmpty();
        assertThat(zero.path("unchecked").toString()).contains("topic (not in A)", "consumer (not in A)");
        assertThat(zero.path("onlyInB").toString()).contains("publish-delay.p99", "records-per-request");
        assertThat(zero.path("onlyInA").toString()).contains("records-per-request-avg");
        JsonNode lost = d.path("failOn").get(0);
        assertThat(lost.path("outcome").asString()).isEqualTo("pass");
        assertThat(lost.path("phasesJudged").intValue()).isEqualTo(4);
    }

    @Test
    void aLossInOneRepeatFailsLostZeroAndAPhaseThatCannotBeJudgedIsNamed() throws IOException {
        new SummaryJson("linger-sweep", 3)
                .phase("linger-0", p -> p.linger(0).figure("counts.lost", 0.0, 0.0, 0.0))
                .phase("linger-5", p -> p.linger(5).figure("counts.lost", 0.0, 0.0, 0.0))
                .phase("linger-10", p -> p.linger(10).figure("counts.lost", 0.0, 0.0, 0.0))
                .writeTo(cwd.resolve("a"));
        new SummaryJson("linger-sweep", 3)
                .phase("linger-0", p -> p.linger(0).figure("counts.lost", 0.0, 120.0, 0.0))
                .phase("linger-5", p -> p.linger(5))
                // One repeat's counts were not read: judged on the other two, and said.
                .phase("linger-10", p -> p.linger(10).figure("counts.lost", 0.0, null, 0.0))
                .writeTo(cwd.resolve("b"));

        assertThat(diff("a", "b", "--fail-on", "lost=0", "--out", "d")).isEqualTo(3);
        assertThat(Files.readString(cwd.resolve("d/diff.md")))
                .contains("**FAIL** `lost=0` (lost may rise by at most 0, on the median or each run's worst repeat):"
                        + " crossed in linger-0 0 -> 120 (worst repeats); not judged in linger-5 (lost missing in a"
                        + " run); in linger-10 judged on the repeats that have lost");

        assertThat(diff("a", "b", "--fail-on", "lost=200", "--out", "e")).isZero();
        assertThat(Files.readString(cwd.resolve("e/diff.md")))
                .contains("pass `lost=200` (lost may rise by at most 200, on the median or each run's worst repeat):"
                        + " not crossed in 2 matched phases; not judged in linger-5 (lost missing in a run); in"
                        + " linger-10 judged on the repeats that have lost");
        assertThat(json(cwd.resolve("e/diff.json"))
                        .path("failOn")
                        .get(0)
                        .path("unjudged")
                        .toString())
                .isEqualTo("[\"linger-5\"]");
    }

    @Test
    void withRepeatsAChangeIsJudgedAgainstBothRunsSpreadAndPhasesApartAreNamed() throws IOException {
        new SummaryJson("linger-sweep", 3)
                .phase("linger-0", p -> p.linger(0).figure("latencyMs.p99", 20.0, 22.0, 21.0))
                .phase("linger-5", p -> p.linger(5)
                        .figure("latencyMs.p99", 10.0, 11.0, 12.0)
                        .figure("achievedRate", 1000.0, 999.0, 1001.0))
                .writeTo(cwd.resolve("a"));
        new SummaryJson("linger-sweep", 3)
                .phase("linger-5", p -> p.linger(5)
                        .consumerSetting("fetch.max.wait.ms", "100")
                        .figure("latencyMs.p99", 14.0, 15.0, 13.0)
                        .figure("achievedRate", 1001.0, 1002.0, 998.0))
                .phase("linger-50", p -> p.linger(50).figure("latencyMs.p99", 60.0, 61.0, 62.0))
                .writeTo(cwd.resolve("b"));

        assertThat(diff("a", "b", "--fail-on", "e2e.p99=+25%", "--out", "d")).isEqualTo(3);

        JsonNode d = json(cwd.resolve("d/diff.json"));
        assertThat(each(d.path("phases"), "name")).containsExactly("linger-5");
        JsonNode five = d.path("phases").get(0);
        assertThat(figure(five, "e2e.p99").path("spread").asString()).isEqualTo("beyond spread");
        assertThat(figure(five, "e2e.p99").path("verdict").asString()).isEqualTo("worse");
        assertThat(figure(five, "achieved-rate").path("spread").asString()).isEqualTo("within spread");
        assertThat(figure(five, "achieved-rate").path("verdict").asString()).isEqualTo("within spread");
        assertThat(five.path("setupDifferences").get(0).asString()).isEqualTo("consumer fetch.max.wait.ms: 500 -> 100");
        assertThat(each(d.path("onlyInA"), "name")).containsExactly("linger-0");
        assertThat(each(d.path("onlyInB"), "name")).containsExactly("linger-50");
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains(
                        "| e2e p99 (ms) | 11.0 (10.0..12.0) | 14.0 (13.0..15.0) | +3.00 | +27% | beyond spread | **worse** |")
                .contains("| linger-0 | 3 | - | | | | in A only, not compared |")
                .contains("| linger-50 | - | 3 | | | | in B only, not compared |");
    }

    @Test
    void eachDiffGoesIntoAFolderOfItsOwn() {
        assertThat(diff(real(Fixtures.OLD_A), real(Fixtures.OLD_B))).isZero();
        assertThat(diff(real(Fixtures.OLD_A), real(Fixtures.OLD_B))).isZero();

        Path first = defaultFolder(Fixtures.OLD_A, Fixtures.OLD_B);
        assertThat(first.resolve("diff.md")).exists();
        assertThat(first.resolveSibling(first.getFileName() + "-2").resolve("diff.json"))
                .exists();
    }
}
