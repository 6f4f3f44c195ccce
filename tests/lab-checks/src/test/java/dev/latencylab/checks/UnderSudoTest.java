package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * 'sudo scripts/lab up --far-producer': only the namespaces and the delay wire's set-up need root. What the
 * scripts start for the user (brokers, Prometheus, Grafana, the apps, the runner, Maven) runs as
 * SUDO_USER, and what root wrote in .lab becomes theirs. Checked with the real start_proc and the
 * system's 'nobody' as the invoking user, and over every place the scripts start a process.
 */
class UnderSudoTest {

    private static final Pattern START_PROC = Pattern.compile("^\\s*(?:\\w+=\\S*\\s+)*start_proc\\s+(\\S+)\\s+(.*)$");

    /** Lines that only print a command (a message naming it), not run it. */
    private static final Pattern SAYS = Pattern.compile("(say|warn|die|echo|printf)\\s");

    private Path labDir;
    private final List<Long> started = new ArrayList<>();

    @BeforeEach
    void labDir() throws IOException {
        labDir = Repo.buildDir().resolve("sudo-" + System.nanoTime());
        Files.createDirectories(labDir);
    }

    @AfterEach
    void stopStarted() {
        started.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
    }

    @Test
    void underSudoWhatTheLabStartsRunsAsTheInvokingUserAndOwnsItsFolders() throws Exception {
        assumeThat(uid(ProcessHandle.current().pid()))
                .as("this check needs root, as CI runs")
                .isEqualTo("0");

        long pid = startProbe(Map.of("SUDO_USER", "nobody"));

        assertThat(uid(pid)).isEqualTo(id("-u", "nobody"));
        assertThat(Files.getOwner(labDir.resolve("kafka-1/data")).getName()).isEqualTo("nobody");
        assertThat(Files.getOwner(labDir.resolve("pids/probe.pid")).getName()).isEqualTo("nobody");
        assertThat(Files.getOwner(labDir.resolve("logs/probe.out")).getName()).isEqualTo("nobody");
    }

    @Test
    void withoutSudoNothingChanges() throws Exception {
        // Empty, as when the tests themselves run under sudo: the lab acts for nobody but root.
        long pid = startProbe(Map.of("SUDO_USER", ""));

        assertThat(uid(pid)).isEqualTo(uid(ProcessHandle.current().pid()));
    }

    /** The delay wire starts as root and becomes, once set up, the invoking user, or nobody when root acts for no one. */
    @Test
    void theDelayWireGivesUpRootForTheInvokingUserOrNobody() throws IOException {
        assumeThat(uid(ProcessHandle.current().pid()))
                .as("the lab acts for SUDO_USER only as root, as CI runs")
                .isEqualTo("0");

        Tools.Result underSudo = LabShell.run(labDir, Map.of("SUDO_USER", "daemon"), "wire_run_as");
        Tools.Result asRoot = LabShell.run(labDir, Map.of("SUDO_USER", ""), "wire_run_as");

        assertThat(underSudo.ok()).as(underSudo.describe()).isTrue();
        assertThat(underSudo.output().strip()).isEqualTo(id("-u", "daemon") + ":" + id("-g", "daemon"));
        assertThat(asRoot.ok()).as(asRoot.describe()).isTrue();
        assertThat(asRoot.output().strip()).isEqualTo("65534:65534");
        assertThat(Files.readString(Repo.path("scripts/lib/far-producer.sh")))
                .as("far_up starts the wire with --run-as")
                .contains("--run-as \"$(wire_run_as)\"");
        assertThat(Files.readString(Repo.path("scripts/lib/ns-hosts.sh")))
                .as("hosts_up starts the host relays with --run-as")
                .contains("--run-as \"$(wire_run_as)\"");
    }

    /**
     * Every process the scripts start drops root, but the delay wire and the host relays (each drops it
     * itself once set up) and the 'ip netns exec' before an app.
     */
    @Test
    void everyProcessTheScriptsStartGoesThroughTheInvokingUser() throws IOException {
        List<String> notDropped = new ArrayList<>();
        try (Stream<Path> scripts =
                Stream.concat(Stream.of(Repo.path("scripts/lab")), Files.list(Repo.path("scripts/lib")))) {
            for (Path script : scripts.sorted().toList()) {
                List<String> lines = Files.readAllLines(script);
                for (int i = 0; i < lines.size(); i++) {
                    String line = lines.get(i).strip();
                    if (line.startsWith("#") || SAYS.matcher(line).lookingAt() || script.endsWith("procs.sh")) {
                        continue;
                    }
                    var call = START_PROC.matcher(line);
                    boolean startsJava =
                            line.matches("(.*[\\s(])?java\\s+-(X|cp|jar|D|version).*") || line.contains("./mvnw -q");
                    boolean startsProc = call.matches()
                            && !call.group(1).equals("network-delay")
                            && !call.group(1).equals("host-relays");
                    if ((startsJava || startsProc) && !line.contains("\"${AS_LAB_USER[@]}\"")) {
                        notDropped.add(script.getFileName() + ":" + (i + 1) + ": " + line);
                    }
                }
            }
        }
        assertThat(notDropped).as("started as root under sudo").isEmpty();
    }

    private long startProbe(Map<String, String> env) throws IOException {
        String script = "source scripts/lib/common.sh && source scripts/lib/procs.sh"
                + " && mkdir -p \"$LAB_DIR/kafka-1/data\""
                // A sleep whose command line names the lab's folder, as the lab's processes do.
                + " && ln -s /bin/sleep \"$LAB_DIR/sleep\""
                + " && start_proc probe \"${AS_LAB_USER[@]}\" \"$LAB_DIR/sleep\" 120 && running_pid probe";
        Map<String, String> all = new HashMap<>(env);
        all.put("LAB_DIR", labDir.toString());
        Tools.Result result = Tools.run(Duration.ofSeconds(30), Repo.ROOT, all, List.of("bash", "-c", script));
        assertThat(result.ok()).as(result.describe()).isTrue();
        long pid = Long.parseLong(
                result.output().strip().lines().reduce((a, b) -> b).orElseThrow());
        started.add(pid);
        return pid;
    }

    /** The real user id of a process, from /proc/<pid>/status. */
    private static String uid(long pid) throws IOException {
        return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                .filter(l -> l.startsWith("Uid:"))
                .map(l -> l.split("\\s+")[1])
                .findFirst()
                .orElseThrow();
    }

    private static String id(String option, String user) {
        Tools.Result result = Tools.run(Duration.ofSeconds(10), Repo.ROOT, List.of("id", option, user));
        assertThat(result.ok()).as(result.describe()).isTrue();
        return result.output().strip();
    }
}
