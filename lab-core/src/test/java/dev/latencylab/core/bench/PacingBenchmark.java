package dev.latencylab.core.bench;

import dev.latencylab.api.settings.Pacing;
import dev.latencylab.core.schedule.OpenLoopSchedule;
import dev.latencylab.core.schedule.Pacer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * What keeping to a rate costs the sending thread under each {@link Pacing}: the producer-app's
 * loop (schedule, pacer, park) with the send left out, so the figure is the pacing's alone. Prints
 * the thread's CPU per record, wakes per record and how early and late records went, per round;
 * the pacings take turns, and the median of the rounds is compared. Asserts nothing.
 *
 * <p>Run: {@code ./mvnw -B -o -q -pl lab-core test-compile dependency:build-classpath
 * -Dmdep.outputFile=/tmp/cp.txt -Dmdep.includeScope=test} then {@code java -cp
 * lab-core/target/test-classes:lab-core/target/classes:$(cat /tmp/cp.txt)
 * dev.latencylab.core.bench.PacingBenchmark rate=25100 seconds=5 rounds=5}
 */
public final class PacingBenchmark {

    private record Round(double cpuMicrosPerRecord, double wakesPerRecord, long mostEarlyMicros, long mostLateMicros) {}

    public static void main(String[] args) {
        Map<String, String> opts = new java.util.HashMap<>();
        for (String a : args) {
            String[] kv = a.split("=", 2);
            opts.put(kv[0], kv[1]);
        }
        double rate = Double.parseDouble(opts.getOrDefault("rate", "25100"));
        int seconds = Integer.parseInt(opts.getOrDefault("seconds", "5"));
        int rounds = Integer.parseInt(opts.getOrDefault("rounds", "5"));
        round(Pacing.EVEN, rate, 2); // warm-up: both paths compiled before the first measured round
        round(Pacing.BURSTS, rate, 2);
        Map<Pacing, List<Round>> all = new EnumMap<>(Pacing.class);
        for (int r = 1; r <= rounds; r++) {
            for (Pacing p : r % 2 == 1 ? Pacing.values() : new Pacing[] {Pacing.BURSTS, Pacing.EVEN}) {
                Round round = round(p, rate, seconds);
                all.computeIfAbsent(p, k -> new ArrayList<>()).add(round);
                System.out.printf(
                        "round %d %-6s cpu %.2f µs/record, %.3f wakes/record, at most %d µs early, %d µs late%n",
                        r,
                        p,
                        round.cpuMicrosPerRecord(),
                        round.wakesPerRecord(),
                        round.mostEarlyMicros(),
                        round.mostLateMicros());
            }
        }
        double even = median(all.get(Pacing.EVEN));
        double bursts = median(all.get(Pacing.BURSTS));
        System.out.printf(
                "%nPACING at %.0f records/s, %d rounds of %d s, %d cores: median CPU per record even %.2f µs,"
                        + " bursts %.2f µs, even / bursts %.1fx%n",
                rate, rounds, seconds, Runtime.getRuntime().availableProcessors(), even, bursts, even / bursts);
    }

    private static double median(List<Round> rounds) {
        List<Double> cpu =
                new ArrayList<>(rounds.stream().map(Round::cpuMicrosPerRecord).toList());
        Collections.sort(cpu);
        return cpu.get(cpu.size() / 2);
    }

    private static Round round(Pacing pacing, double rate, int seconds) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        OpenLoopSchedule schedule = new OpenLoopSchedule(rate, System::nanoTime);
        Pacer pacer = new Pacer();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        long cpu0 = threads.getCurrentThreadCpuTime();
        long sent = 0;
        long wakes = 0;
        long mostEarly = 0;
        long mostLate = 0;
        for (long now = System.nanoTime(); now < end; now = System.nanoTime()) {
            long due = schedule.nextIntendedNanos();
            long wait = pacer.waitNanos(due, now, pacing, rate);
            if (wait > 0) {
                LockSupport.parkNanos(wait);
                wakes++;
                continue;
            }
            mostEarly = Math.max(mostEarly, due - now);
            mostLate = Math.max(mostLate, now - due);
            schedule.advance();
            sent++;
        }
        double cpuMicros = (threads.getCurrentThreadCpuTime() - cpu0) / 1e3;
        return new Round(cpuMicros / sent, (double) wakes / sent, mostEarly / 1_000, mostLate / 1_000);
    }
}
