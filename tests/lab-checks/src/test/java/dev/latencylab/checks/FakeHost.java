package dev.latencylab.checks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * A test's stand-in host: a folder whose bin/ holds fake commands (bash scripts) to put first on PATH, and a file,
 * calls, that they record their calls in, one a line.
 */
final class FakeHost {

    final Path dir;

    /** A new folder under the build's, named {@code prefix} and a unique suffix. */
    FakeHost(String prefix) throws IOException {
        dir = Repo.buildDir().resolve(prefix + "-" + System.nanoTime());
        Files.createDirectories(dir.resolve("bin"));
        Files.writeString(dir.resolve("calls"), "");
    }

    /** A fake command {@code name} that runs {@code body} (bash). */
    void stub(String name, String body) throws IOException {
        Path file = dir.resolve("bin").resolve(name);
        Files.writeString(file, "#!/usr/bin/env bash\n" + body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** A bash line that appends the call (this command's name, then its arguments) to calls. */
    String recordCall(String name) {
        return "printf '" + name + " %s\\n' \"$*\" >>" + at("calls") + "\n";
    }

    /** The path of {@code name} in the folder, in single quotes for a bash line. */
    String at(String name) {
        return "'" + dir.resolve(name) + "'";
    }

    /** PATH with the fake commands first. */
    String path() {
        return dir.resolve("bin") + ":" + System.getenv("PATH");
    }

    List<String> calls() throws IOException {
        return Files.readAllLines(dir.resolve("calls"));
    }

    /** The index of the first call that starts with {@code start}; fails when there is none. */
    int firstCall(String start) throws IOException {
        List<String> calls = calls();
        for (int i = 0; i < calls.size(); i++) {
            if (calls.get(i).startsWith(start)) {
                return i;
            }
        }
        throw new AssertionError("no '" + start + "' among the calls: " + calls);
    }
}
