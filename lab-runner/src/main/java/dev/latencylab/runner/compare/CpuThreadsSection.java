package dev.latencylab.runner.compare;

import dev.latencylab.runner.results.report.MarkdownSection;
import dev.latencylab.runner.results.report.MarkdownSection.Columns;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Where each process's CPU went in the CPU windows, by thread, per record; the brokers' CPU per record
 * beside the apps' (what the lab's header and JSON cost them); the machine's busy and stolen time. From
 * /proc, on the local stack.
 */
final class CpuThreadsSection {

    /** The busiest threads of a process shown; the rest summed in one line. */
    static final int SHOWN_THREADS = 8;

    private static final Columns THREADS =
            Columns.text("process | thread").andFigures("CPU-s | µs per record | wake-ups per 1,000 records");
    private static final Columns MACHINE = Columns.text("window")
            .andFigures("brokers' CPU-s | brokers' µs per record | machine busy CPU-s per s | stolen CPU-s per s");

    private CpuThreadsSection() {}

    /**
     * One window a process was read in: {@code suffix} said after the process's name in the thread
     * table, {@code label} names it in the machine table; {@code use} is what the window's pipeline
     * wrote, {@code reader} (null: none apart) what its reader read, by which the reader's threads are
     * divided, as the consumer's CPU goals divide them.
     */
    private record WindowRead(
            String suffix,
            String label,
            ProcWindow.Result proc,
            CompareResult.CpuUse use,
            CompareResult.CpuUse reader) {

        WindowRead(String suffix, String label, ProcWindow.Result proc, CompareResult.CpuUse use) {
            this(suffix, label, proc, use, null);
        }

        /** The records {@code process}'s CPU in this window is divided by. */
        long recordsOf(String process) {
            return reader != null && reader.process().equals(process) ? reader.records() : use.records();
        }
    }

    static void append(CompareResult.CpuCost c, MarkdownSection s) {
        if (c.labProc() == null || c.toolProc() == null) {
            return;
        }
        List<WindowRead> windows = Stream.of(
                        new WindowRead("", "the lab's", c.labProc(), c.producerApp(), c.consumerApp()),
                        new WindowRead(
                                " (the lab's records)",
                                "the lab's records read by ConsumerPerformance",
                                c.labRecordsProc(),
                                c.consumerPerformanceLabRecords()),
                        new WindowRead(
                                " (the tool's work)",
                                "the producer-app doing the tool's work (nobody reading)",
                                c.toolsWorkProc(),
                                c.producerAppToolsWork()),
                        new WindowRead("", "the tools'", c.toolProc(), c.producerPerformance()))
                .filter(w -> w.proc() != null)
                .toList();
        s.heading("###", "By thread, the brokers and the machine")
                .paragraph("From /proc at both ends of each window (thread names as the kernel keeps them, 15"
                        + " characters, digits folded to N). µs of CPU per record the pipeline wrote in the window"
                        + " (the consumer-app's, per record it read in it: its goals' figure);"
                        + " wake-ups are the thread's voluntary context switches (it waited: a poll with nothing to"
                        + " read, a lock, a sleep), so a consumer that polls more often for fewer records each time"
                        + " wakes more per record.")
                .table(THREADS);
        windows.forEach(w -> threads(w, s));
        s.endTable().table(MACHINE);
        windows.forEach(
                w -> machine(w.label(), w.proc(), w.use().records(), w.use().seconds(), s));
        s.endTable();
    }

    private static void threads(WindowRead w, MarkdownSection s) {
        ProcWindow.Result r = w.proc();
        String window = w.suffix();
        for (Map.Entry<String, Map<String, Double>> p : r.threads().entrySet()) {
            long records = w.recordsOf(p.getKey());
            var sorted = p.getValue().entrySet().stream()
                    .sorted(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder()))
                    .toList();
            double rest = 0;
            long restWakeUps = 0;
            for (int i = 0; i < sorted.size(); i++) {
                String thread = sorted.get(i).getKey();
                long wakeUps = r.wakeUps(p.getKey(), thread);
                if (i < SHOWN_THREADS) {
                    row(p.getKey() + window, "`" + thread + "`", sorted.get(i).getValue(), wakeUps, records, s);
                } else {
                    rest += sorted.get(i).getValue();
                    restWakeUps += wakeUps;
                }
            }
            if (sorted.size() > SHOWN_THREADS) {
                row(
                        p.getKey() + window,
                        "the other " + (sorted.size() - SHOWN_THREADS) + " thread names",
                        rest,
                        restWakeUps,
                        records,
                        s);
            }
        }
    }

    private static void row(
            String process, String thread, double seconds, long wakeUps, long records, MarkdownSection s) {
        s.row(
                process,
                thread,
                Numbers.fixed(seconds, 2),
                perRecord(seconds, records),
                records > 0 ? Numbers.fixed(wakeUps * 1e3 / records, 1) : Numbers.NA);
    }

    private static void machine(String window, ProcWindow.Result r, long records, double seconds, MarkdownSection s) {
        ProcCpu.Machine m = r.machine();
        boolean timed = m != null && seconds > 0;
        s.row(
                window,
                Numbers.fixed(r.brokerSeconds(), 2),
                r.brokerSeconds() == null ? Numbers.NA : perRecord(r.brokerSeconds(), records),
                timed ? Numbers.fixed(m.busySeconds() / seconds, 2) : Numbers.NA,
                timed ? Numbers.fixed(m.stealSeconds() / seconds, 3) : Numbers.NA);
    }

    private static String perRecord(double seconds, long records) {
        return records > 0 ? Numbers.fixed(seconds * 1e6 / records, 2) : Numbers.NA;
    }
}
