package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * scripts/lab setup's helm (scripts/lib/helm.sh), with a stand-in 'go' that records what it is asked: a Go of
 * 1.21 or newer builds helm itself; an older one (Debian 12's 1.19) only downloads the toolchain helm's go.mod
 * asks for, whose go then builds; a helm already built is left as it is; no Go at all stops with what to install.
 */
class HelmSetupTest {

    private static final String HELM_MODULE = "helm.sh/helm/v3/cmd/helm@v";

    @Test
    void anOldGoDownloadsTheToolchainHelmsGoModNamesAndBuildsWithIt() throws IOException {
        Path dir = host("old-go", "go1.19.8");

        Tools.Result result = installHelm(dir);

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(result.output()).contains("downloading Go 1.26.0");
        assertThat(Files.readAllLines(dir.resolve("calls")))
                .contains("go mod download -json golang.org/toolchain@v0.0.1-go1.26.0.linux-amd64")
                .anyMatch(c -> c.startsWith("toolchain GOTOOLCHAIN=auto install -ldflags")
                        && c.endsWith(HELM_MODULE + version()))
                .noneMatch(c -> c.startsWith("go install"));
        assertThat(helm(dir)).isExecutable();
        // ComposeTest's Go build takes the same newer go: Debian 12's cannot build compose-go either.
        assertThat(Files.readSymbolicLink(dir.resolve("lab/tools/go")).toString())
                .endsWith("/bin/go");
        assertThat(dir.resolve("lab/tools/go").toRealPath().toString()).contains("toolchain");
    }

    @Test
    void aGoOf121OrNewerBuildsHelmItself() throws IOException {
        Path dir = host("new-go", "go1.22.3");

        Tools.Result result = installHelm(dir);

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(Files.readAllLines(dir.resolve("calls")))
                .anyMatch(c -> c.startsWith("go install -ldflags") && c.endsWith(HELM_MODULE + version()))
                .noneMatch(c -> c.contains("mod download"));
        assertThat(helm(dir)).isExecutable();
    }

    @Test
    void aHelmAlreadyBuiltIsLeftAsItIs() throws IOException {
        Path dir = host("built", "go1.22.3");
        assertThat(installHelm(dir).ok()).isTrue();
        Files.writeString(dir.resolve("calls"), "");

        Tools.Result again = installHelm(dir);

        assertThat(again.ok()).as(again.describe()).isTrue();
        assertThat(again.output()).contains("helm " + version() + ": present");
        assertThat(Files.readAllLines(dir.resolve("calls"))).noneMatch(c -> c.contains("install"));
    }

    @Test
    void withoutAGoItSaysWhatToInstall() throws IOException {
        Path dir = host("no-go", "go1.22.3");
        Files.delete(dir.resolve("bin/go"));

        Tools.Result result = installHelm(dir);

        assertThat(result.ok()).as(result.describe()).isFalse();
        assertThat(result.output()).contains("golang-go").contains("scripts/lab setup");
    }

    /**
     * A folder with bin/go answering as Go {@code goVersion}, and a toolchain module whose go (without execute
     * bits, as a module zip leaves it) "builds" helm by writing $GOBIN/helm. Every call lands in calls.
     */
    private static Path host(String name, String goVersion) throws IOException {
        Path dir = Repo.buildDir().resolve("helm-setup-" + name);
        if (Files.exists(dir)) {
            try (var old = Files.walk(dir)) {
                old.sorted(java.util.Comparator.reverseOrder())
                        .forEach(p -> p.toFile().delete());
            }
        }
        Path calls = Files.createDirectories(dir).resolve("calls");
        Files.writeString(calls, "");
        Files.writeString(dir.resolve("helm.mod"), "module helm.sh/helm/v3\n\ngo 1.26.0\n\nrequire (\n)\n");
        String build =
                "[[ $1 == install ]] && { printf '#!/bin/sh\\n' > \"$GOBIN/helm\"; chmod +x \"$GOBIN/helm\"; }\n";
        executable(
                dir.resolve("bin/go"),
                "#!/bin/bash\n"
                        + "echo \"go $*\" >> '" + calls + "'\n"
                        + "case \"$1 $2\" in\n"
                        + "  'env GOVERSION') echo " + goVersion + " ;;\n"
                        + "  'env GOHOSTOS') echo linux ;;\n"
                        + "  'env GOHOSTARCH') echo amd64 ;;\n"
                        + "  'mod download')\n"
                        + "    case $4 in\n"
                        + "      helm.sh/*) printf '{\\n\\t\"Path\": \"%s\",\\n\\t\"GoMod\": \"%s\",\\n}\\n' \"${4%@*}\" '"
                        + dir.resolve("helm.mod") + "' ;;\n"
                        + "      golang.org/toolchain@*) printf '{\\n\\t\"Dir\": \"%s\"\\n}\\n' '"
                        + dir.resolve("toolchain") + "' ;;\n"
                        + "    esac ;;\n"
                        + "esac\n"
                        + build);
        Path toolchainGo = dir.resolve("toolchain/bin/go");
        Files.createDirectories(toolchainGo.getParent());
        Files.createDirectories(dir.resolve("toolchain/pkg/tool/linux_amd64"));
        Files.writeString(
                toolchainGo,
                "#!/bin/bash\necho \"toolchain GOTOOLCHAIN=$GOTOOLCHAIN $*\" >> '" + calls + "'\n" + build);
        Files.setPosixFilePermissions(toolchainGo, PosixFilePermissions.fromString("rw-r--r--"));
        Files.writeString(dir.resolve("toolchain/pkg/tool/linux_amd64/compile"), "");
        return dir;
    }

    private static void executable(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static Tools.Result installHelm(Path dir) {
        // The stand-in first; the system's commands after it, any real go hidden by the stand-in.
        String path = dir.resolve("bin") + ":/usr/bin:/bin";
        return LabShell.run(dir.resolve("lab"), Map.of("PATH", path), "install_helm");
    }

    private static Path helm(Path dir) {
        return dir.resolve("lab/tools/helm-v" + version() + "/helm");
    }

    private static String version() {
        return Helm.pinnedVersion();
    }
}
