package dev.latencylab.runner.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stacks read from a recording the JDK made of two spinning threads. */
class StackSamplesTest {

    @TempDir
    static Path dir;

    private static BusyRecording.Made made;

    @BeforeAll
    static void record() throws Exception {
        made = BusyRecording.make(dir.resolve("busy.jfr"), Duration.ofMillis(800));
    }

    @Test
    void keepsOnlyTheThreadsAsked() throws Exception {
        StackSamples samples = StackSamples.read(made.file(), Pattern.compile(BusyRecording.BUSY_THREAD), null, null);

        assertThat(samples.threads()).containsOnlyKeys(BusyRecording.BUSY_THREAD);
        assertThat(samples.total()).as("samples").isGreaterThan(20);
        // Root first: the thread's run method, the lambda it runs (named the same whatever number
        // the JVM gave its class), the spin it called. A sample or two may catch the thread
        // starting or ending.
        assertThat(share(samples, "j.l.Thread.run;d.l.r.p.BusyRecording$$Lambda.run;"))
                .isGreaterThan(0.9);
        assertThat(share(samples, ";d.l.r.p.BusyRecording.spin")).isGreaterThan(0.9);
        assertThat(samples.folded().keySet())
                .noneSatisfy(stack -> assertThat(stack).contains("otherSpin"))
                .noneSatisfy(stack -> assertThat(stack).containsPattern("0x|\\.[0-9]+\\.run"));
        String some = samples.folded().keySet().stream()
                .filter(s -> s.contains("BusyRecording.spin"))
                .findFirst()
                .orElseThrow();
        assertThat(some.indexOf("j.l.Thread.run")).isLessThan(some.indexOf("BusyRecording.spin"));
    }

    private static double share(StackSamples samples, String part) {
        long with = samples.folded().entrySet().stream()
                .filter(e -> e.getKey().contains(part))
                .mapToLong(java.util.Map.Entry::getValue)
                .sum();
        return (double) with / samples.total();
    }

    @Test
    void aWindowOutsideTheSpinKeepsNothing() throws Exception {
        Pattern all = Pattern.compile(".*");

        assertThat(StackSamples.read(made.file(), all, made.to().plusSeconds(5), null)
                        .total())
                .isZero();
        assertThat(StackSamples.read(made.file(), all, null, made.from().minusSeconds(5))
                        .total())
                .isZero();
        assertThat(StackSamples.read(made.file(), all, made.from(), made.to()).threads())
                .containsKeys(BusyRecording.BUSY_THREAD, BusyRecording.OTHER_THREAD);
    }

    @Test
    void classNamesKeepTheirLastPartWhole() {
        assertThat(StackSamples.shortClass("org.apache.kafka.clients.consumer.KafkaConsumer"))
                .isEqualTo("o.a.k.c.c.KafkaConsumer");
        assertThat(StackSamples.shortClass("Main")).isEqualTo("Main");
        assertThat(StackSamples.shortClass("java.lang.invoke.LambdaForm$MH.1066516207"))
                .isEqualTo("j.l.i.LambdaForm$MH");
        assertThat(StackSamples.shortClass("java.lang.invoke.LambdaForm$MH/0x0000000801009800"))
                .isEqualTo("j.l.i.LambdaForm$MH");
        // as JDK 17's recordings name a lambda's class
        assertThat(StackSamples.shortClass("dev.lab.Busy$$Lambda$690+0x00007fd76c031c60.1997702454"))
                .isEqualTo("d.l.Busy$$Lambda");
    }
}
