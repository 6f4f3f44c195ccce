package dev.latencylab.runner.compare;

import java.util.Comparator;
import java.util.Locale;
import java.util.Map;

/**
 * Where each process's CPU went in the CPU windows, by thread, per record; the brokers' CPU per record
 * beside the apps' (what the lab's header and JSON cost them); the machine's busy and stolen time. From
 * /proc, on the local stack.
 */
final class CpuThreadsSection {

    /** The busiest threads of a process shown; the rest summed in one line. */
    static final int SHOWN_THREADS = 8;

    private CpuThreadsSection() {}

    static void append(CompareResult.CpuCost c, StringBuilder b) {
        if (c.labProc() == null || c.toolProc() == null) {
            return;
        }
        long labRecords = c.producerApp().records();
        long toolsWorkRecords = c.producerAppToolsWork().records();
        long toolRecords = c.producerPerformance().records();
        b.append("### By thread, the brokers and the machine\n\n");
        b.append("From /proc at both ends of each window (thread names as the kernel keeps them, 15 characters,"
                + " digits folded to N). µs of CPU per record the pipeline wrote in the window.\n\n");
        b.append("| process | thread | CPU-s | µs per record |\n|---|---|---:|---:|\n");
        threads(c.labProc(), "", labRecords, b);
        if (c.toolsWorkProc() != null) {
            threads(c.toolsWorkProc(), " (the tool's work)", toolsWorkRecords, b);
        }
        threads(c.toolProc(), "", toolRecords, b);
        b.append('\n');
        b.append(
                "| window | brokers' CPU-s | brokers' µs per record | machine busy CPU-s per s | stolen CPU-s per s |\n");
        b.append("|---|---:|---:|---:|---:|\n");
        machine("the lab's", c.labProc(), labRecords, c.producerApp().seconds(), b);
        if (c.toolsWorkProc() != null) {
            machine(
                    "the producer-app doing the tool's work (nobody reading)",
                    c.toolsWorkProc(),
                    toolsWorkRecords,
                    c.producerAppToolsWork().seconds(),
                    b);
        }
        machine("the tools'", c.toolProc(), toolRecords, c.producerPerformance().seconds(), b);
        b.append('\n');
    }

    /** @param window said after the process's name, for a process read in more than one window */
    private static void threads(ProcWindow.Result r, String window, long records, StringBuilder b) {
        for (Map.Entry<String, Map<String, Double>> p : r.threads().entrySet()) {
            var sorted = p.getValue().entrySet().stream()
                    .sorted(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder()))
                    .toList();
            double rest = 0;
            for (int i = 0; i < sorted.size(); i++) {
                if (i < SHOWN_THREADS) {
                    row(
                            p.getKey() + window,
                            "`" + sorted.get(i).getKey() + "`",
                            sorted.get(i).getValue(),
                            records,
                            b);
                } else {
                    rest += sorted.get(i).getValue();
                }
            }
            if (sorted.size() > SHOWN_THREADS) {
                row(
                        p.getKey() + window,
                        "the other " + (sorted.size() - SHOWN_THREADS) + " thread names",
                        rest,
                        records,
                        b);
            }
        }
    }

    private static void row(String process, String thread, double seconds, long records, StringBuilder b) {
        b.append(String.format(
                Locale.ROOT, "| %s | %s | %.2f | %s |%n", process, thread, seconds, perRecord(seconds, records)));
    }

    private static void machine(String window, ProcWindow.Result r, long records, double seconds, StringBuilder b) {
        ProcCpu.Machine m = r.machine();
        b.append(String.format(
                Locale.ROOT,
                "| %s | %s | %s | %s | %s |%n",
                window,
                r.brokerSeconds() == null ? Numbers.NA : String.format(Locale.ROOT, "%.2f", r.brokerSeconds()),
                r.brokerSeconds() == null ? Numbers.NA : perRecord(r.brokerSeconds(), records),
                m == null || !(seconds > 0)
                        ? Numbers.NA
                        : String.format(Locale.ROOT, "%.2f", m.busySeconds() / seconds),
                m == null || !(seconds > 0)
                        ? Numbers.NA
                        : String.format(Locale.ROOT, "%.3f", m.stealSeconds() / seconds)));
    }

    private static String perRecord(double seconds, long records) {
        return records > 0 ? String.format(Locale.ROOT, "%.2f", seconds * 1e6 / records) : Numbers.NA;
    }
}
