package dev.latencylab.core.bench;

import dev.latencylab.core.cachelines.PaddedCounter;
import dev.latencylab.core.latency.ScrapedLatency;
import dev.latencylab.core.sends.PhaseTally;
import dev.latencylab.core.sends.SendLog;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What each of two threads pays per record when both write for every record, as the producer-app's
 * sending thread and the Kafka client's I/O thread do: two counters side by side in one object (how
 * the sender's count and the answers' count lay until #48's padding) against two {@link
 * PaddedCounter}s; and the lab's padded per-record state, {@link PhaseTally}'s two sides and two
 * {@link ScrapedLatency}s made one after the other. Each group runs one writer per thread, on the
 * machine's two cores; nanoseconds per call, per thread. Asserts nothing.
 *
 * <p>Run: {@code ./mvnw -B -o -q -pl lab-core test-compile dependency:build-classpath
 * -Dmdep.outputFile=/tmp/cp.txt -Dmdep.includeScope=test} then {@code java -cp
 * lab-core/target/test-classes:lab-core/target/classes:$(cat /tmp/cp.txt) org.openjdk.jmh.Main
 * SharedLinesBenchmark -f 1 -wi 3 -i 5 -w 1s -r 1s}
 */
@State(Scope.Group)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SharedLinesBenchmark {

    /** Two threads' counters in one object: what one cache line carries between two cores. */
    static final class SideBySide {
        volatile long sent;
        volatile long acked;
    }

    private SideBySide sideBySide;
    private PaddedCounter sent;
    private PaddedCounter acked;
    private PhaseTally tally;
    private PhaseTally.Answers answers;
    private ScrapedLatency publishDelay;
    private ScrapedLatency ackLatency;

    /** The answering thread's own: a field of the shared state written every call would be shared itself. */
    @State(Scope.Thread)
    public static class Offsets {
        long next;
    }

    @Setup
    public void setUp() {
        sideBySide = new SideBySide();
        sent = new PaddedCounter();
        acked = new PaddedCounter();
        tally = new SendLog().phase(0, null);
        answers = tally.answers();
        publishDelay = ScrapedLatency.oneWriter();
        ackLatency = new ScrapedLatency();
    }

    @Benchmark
    @Group("sideBySide")
    public void sideBySideSender() {
        sideBySide.sent = sideBySide.sent + 1;
    }

    @Benchmark
    @Group("sideBySide")
    public void sideBySideAnswers() {
        sideBySide.acked = sideBySide.acked + 1;
    }

    @Benchmark
    @Group("padded")
    public void paddedSender() {
        sent.set(sent.get() + 1);
    }

    @Benchmark
    @Group("padded")
    public void paddedAnswers() {
        acked.set(acked.get() + 1);
    }

    /** The sending thread's share of the lab's state per record: the phase's count and delay, the scraped delay. */
    @Benchmark
    @Group("labState")
    public void labStateSender() {
        tally.sent(120);
        publishDelay.recordMicros(120);
    }

    /** The I/O thread's share per answer, as RecordSender's callback: the phase's answers, the scraped ack latency. */
    @Benchmark
    @Group("labState")
    public void labStateAnswers(Offsets offsets) {
        answers.acked(1, offsets.next++, false);
        ackLatency.recordMicros(2_400);
    }
}
