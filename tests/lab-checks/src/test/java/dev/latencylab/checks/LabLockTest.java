package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * scripts/lab's one-at-a-time lock, with a LAB_DIR of its own and no stack: a command that changes
 * the stack is refused while another holds .lab/lock, naming it; a lock left by a process that is
 * gone is taken over; help, reads and a command started by the holder itself go through.
 */
class LabLockTest {

    private Path labDir;
    private Process holder;

    @BeforeEach
    void labDir() throws IOException {
        labDir = Repo.buildDir().resolve("lock-" + System.nanoTime());
        Files.createDirectories(labDir);
    }

    @AfterEach
    void stopHolder() {
        if (holder != null) {
            holder.destroyForcibly();
        }
    }

    @Test
    void aSecondCommandThatChangesTheStackIsRefusedNamingTheFirst() throws Exception {
        holder = new ProcessBuilder("sleep", "120").start();
        lockedBy(holder.pid(), "scripts/lab run scenarios/partitions.yaml");

        Tools.Result down = lab(Map.of(), "down", "--local");

        assertThat(down.ok()).as(down.describe()).isFalse();
        assertThat(down.output())
                .contains("another scripts/lab command is running: 'scripts/lab run scenarios/partitions.yaml'")
                .contains("pid " + holder.pid());
        assertThat(Files.readString(labDir.resolve("lock"))).startsWith(holder.pid() + " ");
        // Help, reads, and what the holder starts itself (a scenario's fault steps) are not held up.
        assertThat(lab(Map.of(), "run", "-h").ok()).isTrue();
        assertThat(lab(Map.of(), "status").ok()).isTrue();
        Tools.Result fromTheRun = lab(Map.of("LAB_LOCK_HELD", Long.toString(holder.pid())), "down", "--local");
        assertThat(fromTheRun.ok()).as(fromTheRun.describe()).isTrue();
    }

    @Test
    void aLockWhoseHolderIsGoneIsTakenOverAndReleased() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        long pid = gone.pid();
        String started = Procs.startTime(ProcessHandle.current().pid());
        gone.waitFor();
        Files.writeString(labDir.resolve("lock"), pid + " " + started + " scripts/lab up\n");

        Tools.Result down = lab(Map.of(), "down", "--local");

        assertThat(down.ok()).as(down.describe()).isTrue();
        assertThat(labDir.resolve("lock")).doesNotExist();
    }

    @Test
    void theLabsFolderIsTheUsersAloneWhenTheLockMakesIt() throws Exception {
        Files.delete(labDir);

        Tools.Result down = lab(Map.of(), "down", "--local");

        assertThat(down.ok()).as(down.describe()).isTrue();
        assertThat(java.nio.file.Files.getPosixFilePermissions(labDir))
                .as("whatever the umask, .lab is 0700")
                .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
    }

    @Test
    void noFileInTheLabsFolderIsOpenedThroughALinkPutInItsPlace() throws Exception {
        Path victim = Files.writeString(Repo.buildDir().resolve("lock-victim-" + System.nanoTime()), "kept\n");
        Files.createSymbolicLink(labDir.resolve("lock.guard"), victim);

        Tools.Result down = lab(Map.of(), "down", "--local");

        assertThat(down.ok()).as(down.describe()).isTrue();
        assertThat(victim).as("a command under sudo would write it as root").hasContent("kept");
    }

    private void lockedBy(long pid, String command) throws IOException {
        Files.writeString(labDir.resolve("lock"), pid + " " + Procs.startTime(pid) + " " + command + "\n");
    }

    private Tools.Result lab(Map<String, String> env, String... args) {
        Map<String, String> all = new HashMap<>(env);
        all.put("LAB_DIR", labDir.toString());
        // Whatever runs these tests may itself hold the lock: the commands here start without its hold.
        List<String> command = new ArrayList<>(
                env.containsKey("LAB_LOCK_HELD")
                        ? List.of("scripts/lab")
                        : List.of("env", "-u", "LAB_LOCK_HELD", "scripts/lab"));
        command.addAll(List.of(args));
        return Tools.run(Duration.ofSeconds(60), Repo.ROOT, all, command);
    }
}
