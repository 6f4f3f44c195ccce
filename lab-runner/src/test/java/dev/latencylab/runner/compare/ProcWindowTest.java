package dev.latencylab.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcWindowTest {

    @TempDir
    Path proc;

    /** A thread's stat line: its name in parentheses (spaces allowed), utime and stime in ticks of 1/100 s. */
    private void thread(long pid, long tid, String name, long utime, long stime) throws Exception {
        Path t = proc.resolve(pid + "/task/" + tid);
        Files.createDirectories(t);
        Files.writeString(
                t.resolve("stat"),
                tid + " (" + name + ") S 1 " + pid + " " + pid + " 0 -1 4194560 100 0 0 0 " + utime + " " + stime
                        + " 0 0 20 0 1 0 12345 0 0\n");
    }

    /** A thread's status as the kernel writes it, cut to the lines around its voluntary switches. */
    private void switches(long pid, long tid, long voluntary) throws Exception {
        Files.writeString(
                proc.resolve(pid + "/task/" + tid + "/status"),
                "Name:\tx\nState:\tS (sleeping)\nvoluntary_ctxt_switches:\t" + voluntary
                        + "\nnonvoluntary_ctxt_switches:\t999\n");
    }

    private void process(long pid, String cmdline, long utime, long stime) throws Exception {
        Path p = proc.resolve(Long.toString(pid));
        Files.createDirectories(p);
        Files.writeString(p.resolve("cmdline"), cmdline.replace(' ', '\0'));
        Files.writeString(
                p.resolve("stat"),
                pid + " (java) S 1 " + pid + " " + pid + " 0 -1 4194560 100 0 0 0 " + utime + " " + stime
                        + " 0 0 20 0 30 0 12345 0 0\n");
    }

    private void machine(long user, long system, long idle, long steal) throws Exception {
        Files.writeString(
                proc.resolve("stat"),
                "cpu  " + user + " 0 " + system + " " + idle + " 0 0 0 " + steal + " 0 0\ncpu0 1 2 3 4 5 6 7 8 9 10\n");
    }

    @Test
    void aWindowIsWhatEachThreadTheBrokersAndTheMachineUsedBetweenItsEnds() throws Exception {
        thread(10, 10, "lab-sender", 100, 20);
        thread(10, 11, "kafka-producer-", 50, 50);
        thread(10, 12, "GC Thread#0", 10, 0);
        thread(10, 13, "GC Thread#1", 10, 0);
        process(20, "java -cp lib/* kafka.Kafka server.properties", 1000, 500);
        process(21, "java -cp lib/* kafka.Kafka server.properties", 2000, 500);
        process(30, "java -jar consumer-app.jar", 5, 5);
        machine(10_000, 5_000, 80_000, 100);
        ProcCpu cpu = new ProcCpu(proc);
        List<Long> brokers = cpu.commandContains(List.of(20L, 21L, 30L), CpuWindow.BROKER_MAIN_CLASS);
        assertThat(brokers).containsExactly(20L, 21L);

        switches(10, 10, 1_000);
        switches(10, 12, 5);
        switches(10, 13, 7);
        ProcWindow w = new ProcWindow(cpu, Map.of("producer-app", 10L), brokers);
        thread(10, 10, "lab-sender", 300, 70);
        switches(10, 10, 1_250);
        switches(10, 12, 6);
        switches(10, 13, 9);
        thread(10, 12, "GC Thread#0", 15, 0);
        thread(10, 13, "GC Thread#1", 25, 0);
        process(20, "java -cp lib/* kafka.Kafka server.properties", 1100, 600);
        process(21, "java -cp lib/* kafka.Kafka server.properties", 2050, 500);
        machine(10_150, 5_030, 80_020, 110);
        ProcWindow.Result r = w.end();

        // 2.5 s more on the sender; the numbered GC threads are one line; an idle thread is left out.
        assertThat(r.threads().get("producer-app"))
                .containsOnlyKeys("lab-sender", "GC Thread#N")
                .hasEntrySatisfying("lab-sender", s -> assertThat(s).isCloseTo(2.5, within(1e-9)))
                .hasEntrySatisfying("GC Thread#N", s -> assertThat(s).isCloseTo(0.2, within(1e-9)));
        // Voluntary switches only (the involuntary are the machine's contention, not the thread's waits);
        // a thread that did not wait is left out.
        assertThat(r.wakeUps()).containsOnlyKeys("producer-app");
        assertThat(r.wakeUps().get("producer-app"))
                .containsOnly(Map.entry("lab-sender", 250L), Map.entry("GC Thread#N", 3L));
        assertThat(r.wakeUps("producer-app", "lab-sender")).isEqualTo(250);
        assertThat(r.wakeUps("producer-app", "kafka-producer-")).isZero();
        assertThat(r.brokerSeconds()).isCloseTo(2.5, within(1e-9));
        assertThat(r.brokers()).isEqualTo(2);
        assertThat(r.machine().busySeconds()).isCloseTo(1.8, within(1e-9));
        assertThat(r.machine().stealSeconds()).isCloseTo(0.1, within(1e-9));
        assertThat(r.machine().allSeconds()).isCloseTo(2.1, within(1e-9));
    }

    @Test
    void aProcessThatIsGoneReadsAsNothingNotAsAFailure() {
        ProcCpu cpu = new ProcCpu(proc);

        assertThat(cpu.threads(77)).isEmpty();
        assertThat(cpu.wakeUps(77)).isEmpty();
        assertThat(cpu.process(77)).isZero();
        assertThat(cpu.machine()).isNull();
        assertThat(cpu.commandContains(List.of(77L), "kafka.Kafka")).isEmpty();
    }

    /** Two rounds' windows add up thread by thread; what one of them did not know stays unknown. */
    @Test
    void twoWindowsAddUpThreadByThread() {
        ProcWindow.Result a = new ProcWindow.Result(
                Map.of("producer-app", Map.of("lab-sender", 1.0, "GC Thread#N", 0.1)),
                2.0,
                3,
                new ProcCpu.Machine(1.0, 0.1, 2.0),
                Map.of("producer-app", Map.of("lab-sender", 10L)));
        ProcWindow.Result b = new ProcWindow.Result(
                Map.of("producer-app", Map.of("lab-sender", 0.5), "ConsumerPerformance", Map.of("java", 0.3)),
                null,
                3,
                new ProcCpu.Machine(0.5, 0.0, 1.0),
                Map.of("producer-app", Map.of("lab-sender", 5L, "GC Thread#N", 1L)));

        ProcWindow.Result sum = a.plus(b);

        assertThat(sum.threads().get("producer-app"))
                .containsOnly(Map.entry("lab-sender", 1.5), Map.entry("GC Thread#N", 0.1));
        assertThat(sum.threads().get("ConsumerPerformance")).containsOnly(Map.entry("java", 0.3));
        assertThat(sum.wakeUps("producer-app", "lab-sender")).isEqualTo(15);
        assertThat(sum.wakeUps("producer-app", "GC Thread#N")).isEqualTo(1);
        assertThat(sum.brokerSeconds()).isNull();
        assertThat(sum.machine().busySeconds()).isCloseTo(1.5, within(1e-9));
        assertThat(sum.machine().allSeconds()).isCloseTo(3.0, within(1e-9));
        // The rounds' own figures are untouched.
        assertThat(a.threads().get("producer-app").get("lab-sender")).isEqualTo(1.0);
    }
}
