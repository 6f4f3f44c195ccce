package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The delay wire gives up root once set up (issue #51, docs/security.md): started as far_up starts it, with
 * {@code --run-as} nobody's ids, every one of its threads has nobody's real, effective and saved ids, no
 * supplementary groups, no capabilities and no_new_privs once it is ready, and it still does its work: a delay
 * change over the control port (which makes the near relay's listener again, in its namespace), packets held
 * over the TUN devices, and new connections through the relays of both namespaces. With netem, the one
 * exception: the threads that run tc keep CAP_NET_ADMIN, alone. Needs root, as CI runs; the scripts under
 * tests/lab-checks/src/test/python work in namespaces of this test's own, deleted after each test.
 */
class DelayWireDropTest {

    private static final String NOBODY = "65534";
    private static final String NO_CAPABILITY = "0000000000000000";

    private final String near = "latencylab-t" + ProcessHandle.current().pid() + "-near";
    private final String far = "latencylab-t" + ProcessHandle.current().pid() + "-far";

    @BeforeEach
    void needsRoot() {
        assumeThat(ProcessHandle.current().info().user().orElse(""))
                .as("network namespaces and TUN devices need root, as CI runs")
                .isEqualTo("root");
        Tools.require("ip", "Debian package iproute2");
    }

    @AfterEach
    void deleteTheNamespaces() {
        // delay_wire_drop.py deletes its own on its way out; this is for one that was killed, and for the netem
        // check's.
        for (String ns : List.of(near, far)) {
            Tools.run(Duration.ofSeconds(10), Repo.ROOT, List.of("ip", "netns", "del", ns));
        }
        assertThat(Tools.run(Duration.ofSeconds(10), Repo.ROOT, List.of("ip", "netns", "list"))
                        .output())
                .as("the test's namespaces are deleted")
                .doesNotContain(near, far);
    }

    @Test
    void onceReadyTheWireHoldsNoPrivilegeAndStillDelaysAndRelays() {
        assumeThat(Files.exists(Path.of("/dev/net/tun"))).as("/dev/net/tun").isTrue();

        Tools.Result run = python("delay_wire_drop.py", near, far);
        Map<String, String> found = found(run);

        assertThat(run.ok()).as(run.describe()).isTrue();
        assertThat(found).as(run.describe()).containsEntry("ready", "yes");
        String ids = String.join(" ", NOBODY, NOBODY, NOBODY, NOBODY);
        assertThat(found)
                .as(run.describe())
                .containsEntry("task.Uid", ids)
                .containsEntry("task.Gid", ids)
                .containsEntry("task.Groups", "")
                .containsEntry("task.CapEff", NO_CAPABILITY)
                .containsEntry("task.CapPrm", NO_CAPABILITY)
                .containsEntry("task.CapAmb", NO_CAPABILITY)
                .containsEntry("task.CapInh", NO_CAPABILITY)
                .containsEntry("task.NoNewPrivs", "1")
                .containsEntry("post", "200")
                .containsEntry("rttMs", "40.0")
                .containsEntry("alive", "yes");
        // Through the wire both ways: at least the 40 ms round trip the change set.
        assertThat(found.get("near.echo")).as(run.describe()).matches("[0-9.]+");
        assertThat(Double.parseDouble(found.get("near.echo"))).isGreaterThanOrEqualTo(40.0);
        assertThat(found.get("far.echo")).as(run.describe()).matches("[0-9.]+");
    }

    @Test
    void withNetemOnlyTheThreadsThatRunTcKeepNetAdminAndNothingElse() {
        Tools.require("tc", "Debian package iproute2");
        Tools.Result made = Tools.run(Duration.ofSeconds(10), Repo.ROOT, List.of("ip", "netns", "add", near));
        assertThat(made.ok()).as(made.describe()).isTrue();

        Tools.Result run = python("delay_wire_netem_caps.py", near);
        Map<String, String> found = found(run);

        assertThat(run.ok()).as(run.describe()).isTrue();
        String netAdmin = "0000000000001000";
        String ids = String.join(" ", NOBODY, NOBODY, NOBODY, NOBODY);
        assertThat(found)
                .as(run.describe())
                .containsEntry("keeper.Uid", ids)
                .containsEntry("keeper.Groups", "")
                .containsEntry("keeper.CapEff", netAdmin)
                .containsEntry("keeper.CapPrm", netAdmin)
                .containsEntry("keeper.CapAmb", netAdmin)
                .containsEntry("others.Uid", ids)
                .containsEntry("others.CapEff", NO_CAPABILITY)
                .containsEntry("others.CapPrm", NO_CAPABILITY)
                .containsEntry("others.CapAmb", NO_CAPABILITY)
                .containsEntry("keeper.tc", "0")
                .doesNotContainEntry("plain.tc", "0")
                .containsKey("plain.tc");
    }

    /** A script of tests/lab-checks/src/test/python given the wire's path, then args, then nobody's UID:GID. */
    private static Tools.Result python(String script, String... args) {
        List<String> command = new ArrayList<>(List.of(
                Tools.require("python3", "Debian package python3").toString(),
                Repo.path("tests/lab-checks/src/test/python/" + script).toString(),
                Repo.path("stack/network-delay/delay_wire.py").toString()));
        command.addAll(List.of(args));
        command.add(NOBODY + ":" + NOBODY);
        return Tools.run(Duration.ofSeconds(90), Repo.ROOT, command);
    }

    /** The 'name=value' lines a script printed. */
    private static Map<String, String> found(Tools.Result run) {
        return Stream.of(run.output().split("\n"))
                .filter(l -> l.contains("="))
                .collect(Collectors.toMap(
                        l -> l.substring(0, l.indexOf('=')), l -> l.substring(l.indexOf('=') + 1), (a, b) -> b));
    }
}
