package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The delay wire gives up root once set up (issue #51, docs/security.md): started as far_up starts it, with
 * {@code --run-as} nobody's ids, every one of its threads has nobody's real, effective and saved ids, no
 * supplementary groups, no capabilities and no_new_privs once it is ready, and it still does its work: a delay
 * change over the control port (which makes the near relay's listener again, in its namespace), packets held
 * over the TUN devices, and new connections through the relays of both namespaces. Needs root, as CI runs:
 * tests/lab-checks/src/test/python/delay_wire_drop.py makes two namespaces of its own and deletes them.
 */
class DelayWireDropTest {

    private static final String NOBODY = "65534";

    private final String near = "latencylab-t" + ProcessHandle.current().pid() + "-near";
    private final String far = "latencylab-t" + ProcessHandle.current().pid() + "-far";

    @AfterEach
    void deleteTheNamespaces() {
        // The script deletes them on its way out; this is for a script that was killed.
        for (String ns : List.of(near, far)) {
            Tools.run(Duration.ofSeconds(10), Repo.ROOT, List.of("ip", "netns", "del", ns));
        }
    }

    @Test
    void onceReadyTheWireHoldsNoPrivilegeAndStillDelaysAndRelays() throws Exception {
        assumeThat(ProcessHandle.current().info().user().orElse(""))
                .as("network namespaces and TUN devices need root, as CI runs")
                .isEqualTo("root");
        assumeThat(Files.exists(Path.of("/dev/net/tun"))).as("/dev/net/tun").isTrue();
        Tools.require("ip", "Debian package iproute2");

        Tools.Result run = Tools.run(
                Duration.ofSeconds(90),
                Repo.ROOT,
                List.of(
                        Tools.require("python3", "Debian package python3").toString(),
                        Repo.path("tests/lab-checks/src/test/python/delay_wire_drop.py")
                                .toString(),
                        Repo.path("stack/network-delay/delay_wire.py").toString(),
                        near,
                        far,
                        NOBODY + ":" + NOBODY));
        Map<String, String> found = run.output()
                .lines()
                .filter(l -> l.contains("="))
                .collect(Collectors.toMap(
                        l -> l.substring(0, l.indexOf('=')), l -> l.substring(l.indexOf('=') + 1), (a, b) -> b));

        assertThat(run.ok()).as(run.describe()).isTrue();
        assertThat(found).as(run.describe()).containsEntry("ready", "yes");
        String ids = String.join(" ", NOBODY, NOBODY, NOBODY, NOBODY);
        assertThat(found)
                .as(run.describe())
                .containsEntry("task.Uid", ids)
                .containsEntry("task.Gid", ids)
                .containsEntry("task.Groups", "")
                .containsEntry("task.CapEff", "0000000000000000")
                .containsEntry("task.CapPrm", "0000000000000000")
                .containsEntry("task.CapAmb", "0000000000000000")
                .containsEntry("task.CapInh", "0000000000000000")
                .containsEntry("task.NoNewPrivs", "1")
                .containsEntry("post", "200")
                .containsEntry("rttMs", "40.0")
                .containsEntry("alive", "yes");
        // Through the wire both ways: at least the 40 ms round trip the change set.
        assertThat(found.get("near.echo")).as(run.describe()).matches("[0-9.]+");
        assertThat(Double.parseDouble(found.get("near.echo"))).isGreaterThanOrEqualTo(40.0);
        assertThat(found.get("far.echo")).as(run.describe()).matches("[0-9.]+");
        assertThat(Tools.run(Duration.ofSeconds(10), Repo.ROOT, List.of("ip", "netns", "list"))
                        .output())
                .as("the test's namespaces are deleted")
                .doesNotContain(near, far);
    }
}
