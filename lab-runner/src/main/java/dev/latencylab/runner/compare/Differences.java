package dev.latencylab.runner.compare;

import java.util.List;

/** How the two sides differ beyond the shared settings; printed with every result so no figure is read without them. */
public final class Differences {

    /** One sentence on why a closed-loop tool and an open-loop generator see different latencies. */
    public static final String CLOSED_LOOP =
            "EndToEndLatency is closed-loop: it sends one record, waits for its acknowledgement "
                    + "and for its own consumer to read it, and only then sends the next, so no record ever waits behind another; "
                    + "the lab sends on an open-loop schedule at the given rate whatever the previous record is doing.";

    /** The lab's own consumer runs during the lab's rounds only. */
    public static final String CONSUMER =
            "The consumer-app is paused during the lab's throughput windows (ProducerPerformance's records go to a topic "
                    + "nobody reads, and a reading consumer would take the producer's CPU); it reads what they wrote right "
                    + "after, and reads during the latency part and the publish-delay window, as in a scenario. It is paused "
                    + "while a backlog is written and while ConsumerPerformance reads.";

    static List<String> all() {
        return List.of(
                "Same stack, one after the other: the three brokers, Prometheus and both lab apps stay up for the whole run "
                        + "and everything shares this machine's cores.",
                "Before the first round the stack is warmed up with unthrottled lab load that is not measured (the "
                        + "brokers' JIT warms up under the first heavy load, and whoever ran first would pay for it). Odd "
                        + "rounds run the lab first, even rounds the tool first, so a drift over the run favours neither.",
                CONSUMER + " The consumer-app is given time to catch up before each tool run, so the tool does not pay "
                        + "for the lab's backlog.",
                "The lab doing the tool's work sends, like ProducerPerformance, unthrottled (off its open-loop schedule, as "
                        + "the tool's --throughput -1), one 400-byte value made once, no key "
                        + "(the sticky partitioner fills a whole batch per partition on both sides) and no header, to the "
                        + "tool's topic, which nobody reads. The realistic lab window adds what scenarios send: a new JSON "
                        + "order per record, keyed by its 19-byte order id (every partition's batch fills in parallel), and "
                        + "the lab's 45-byte header, by which the consumer-app times and accounts for every record; its rate "
                        + "against the same-work lab's is the cost of realism.",
                "Throughput on both sides is acknowledged records per second (acks=all) over a window of the same length: "
                        + "the lab's from the producer-app's acked counter, ProducerPerformance's from its one-second interval "
                        + "lines on its own clock. ProducerPerformance's warm-up is longer than the lab's (--tool-warmup, "
                        + CompareSettings.DEFAULT_TOOL_WARMUP
                        + " by default): its JVM is new each round, and with the lab's warm-up alone its rate was "
                        + "still climbing inside the window (the producer-app's JVM has run since the stack's warm-up). Each "
                        + "side's second half of the window against its first shows that both were warm: a side more than "
                        + Math.round(Goals.WARMING * 100)
                        + " % faster in its second half was still warming, and a verdict in "
                        + "the other side's favour is then not given. The tool is given far more records than it can send "
                        + "and stopped after start-up + warm-up + window, so it never runs dry inside the window.",
                CLOSED_LOOP,
                "EndToEndLatency sets linger.ms=0 on its producer itself (overriding any config) and fetch.max.wait.ms=0 "
                        + "on its consumer, so the lab's low-rate phase runs at linger.ms 0 too; the consumer-app keeps its own "
                        + "fetch settings. --linger applies to the throughput part only.",
                "EndToEndLatency times from before send() until its poll() returns the record (after the acknowledgement); "
                        + "the lab from the producer's send call to the consumer-app's listener (consume - send, not the "
                        + "coordinated-omission corrected figure). EndToEndLatency prints percentiles in whole ms rounded down.",
                "The closed-loop floor is measured by the runner itself with Kafka's clients on the bench topic: send, "
                        + "poll until the record is returned (its e2e, in µs), wait for the acknowledgement, then the next; "
                        + "its consumer has the consumer-app's fetch settings. Paced at the lab's rate, the stack idles "
                        + "between records as under the lab; back to back, it does not (like EndToEndLatency).",
                "Publish delay is the lab's own figure (actual minus intended send time on the producer-app's open-loop "
                        + "schedule); ProducerPerformance has no schedule when unthrottled. It is measured at half the "
                        + "realistic ceiling with the sender thread's CPU time, run-queue wait and the JVM's GC pauses beside it.",
                "The consumer part reads backlogs the producer-app wrote as scenarios do (JSON orders keyed by order id, "
                        + "with the header), on a topic laid out like the lab topic. The consumer-app, already in its group, "
                        + "is timed from the processing of the backlog's first record to that of its last (its own clock), with "
                        + "its full accounting "
                        + "(header decoded, histograms, ledger of every offset, Micrometer); ConsumerPerformance counts bytes "
                        + "and records only. Both fetch alike: the consumer-app is given the tool's "
                        + "receive.buffer.bytes=2097152 and check.crcs=false for its drains; the rest are Kafka's defaults on "
                        + "both sides. Each listener of the consumer-app drains a backlog of its own (a drain commits what it "
                        + "read); then ConsumerPerformance, a new JVM, reads both from the topic's beginning in a group of its "
                        + "own, and its rate is taken over the second (from its interval lines, every 100 ms), once its JIT "
                        + "has warmed up on the first, as the consumer-app's has in a running stack. Both commit "
                        + "alike in the drains and in the consumer's CPU window: by the Kafka consumer's auto-commit, every 5 s "
                        + "inside poll (ConsumerPerformance leaves enable.auto.commit at Kafka's default; the consumer-app runs "
                        + "with commit auto), so neither pays commit work per record. The scenarios' default, Spring's time "
                        + "ack mode, puts every record of the record listener into the container's acknowledgement queue on "
                        + "the polling thread: not measured here.",
                "CPU per record is measured one pipeline at a time at the same rate (half the realistic ceiling) over "
                        + "windows of the same length: the lab's (producer-app, consumer-app) with the realistic records, "
                        + "the consumer-app with ConsumerPerformance's two fetch settings; the same load read by "
                        + "ConsumerPerformance instead, the consumer-app paused (the consumer's goal is judged on these "
                        + "two: the same records at the same rate); "
                        + "the producer-app doing the tool's work (payload fixed, no key, no header, to the tool's topic, "
                        + "nobody reading, paced as ProducerPerformance paces: records sent early until 2 ms of them are "
                        + "ahead, then a sleep of whole milliseconds (3 ms), where the realistic window wakes for each record on its schedule; "
                        + "the producer's goal is judged on it), "
                        + "then the tools' (ProducerPerformance --throughput, ConsumerPerformance from its latest offset) "
                        + "with theirs, after a warm-up of at least 20 s: their JVMs are new, and ProducerPerformance sends "
                        + "faster than asked until it has caught up with the schedule its slow start left behind. The lab apps' CPU time is what their JVM counts (process_cpu_time_ns_total, all "
                        + "threads, HTTP and Micrometer included); the tools' is their process's from /proc. A process's goal "
                        + "leaves out its JIT compiler threads (from /proc) on both sides: a tool's JVM is new and "
                        + "compiles in its window, an app's has compiled before.",
                "No core is reserved for the producer-app: every window shares the machine's cores with the brokers, "
                        + "the consumer-app, Prometheus and this runner (the publish delay section says why).");
    }

    private Differences() {}
}
