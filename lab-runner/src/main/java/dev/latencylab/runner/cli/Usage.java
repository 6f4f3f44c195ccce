package dev.latencylab.runner.cli;

/** The CLI's help text. */
final class Usage {

    static final String TEXT = """
            Kafka Latency Lab runner

            usage: java -jar lab-runner-<version>-exec.jar <command> [options]

            commands:
              run <scenario.yaml>   run a scenario against the lab and write a results folder
                  --producer URL        producer-app          (default http://127.0.0.1:8080)
                  --consumer URL        consumer-app          (default http://127.0.0.1:8081)
                  --prometheus URL      Prometheus            (default http://127.0.0.1:9090)
                  --grafana URL         Grafana, checked only (default http://127.0.0.1:3000)
                  --results DIR         where results/<UTC time>-<scenario>/ goes (default ./results)
                  --warmup D            warm-up of every phase, e.g. 5s (default: the file's)
                  --phase-duration D    measured time of every phase, e.g. 15s (default: the file's)
                  --article             the article's 5 minutes per phase: 30s warm-up + 4m30s measured
                                        (--warmup / --phase-duration still win)
              validate <scenario.yaml>...   check scenario files and print their phases
                  --warmup D, --phase-duration D, --article   as for run
              linger <ms>           switch linger.ms on the running producer and print its new state
                  --producer URL        (default http://127.0.0.1:8080)
              report <results-dir>  redraw summary.md and the charts from a results folder's JSON
              compare               the lab vs Kafka's own tools on the running stack: producer-app unthrottled vs
                                    ProducerPerformance (throughput, goal lab/tool >= 0.95), then e2e p50 at a low
                                    rate vs EndToEndLatency (goal <= 1.2x); writes results/<UTC time>-compare/
                  --duration D          measured window of every round (default 30s)
                  --warmup D            before every window (default 10s)
                  --stack-warmup D      unmeasured unthrottled lab load before round 1 (default 60s; 0s: none)
                  --linger MS           linger.ms of the throughput part (default 5; EndToEndLatency forces 0)
                  --batch-size BYTES    batch.size of both parts (default 16384)
                  --low-rate N          records/s of the lab's latency phase (default 50)
                  --rounds N            runs of each side (default 2); odd rounds run the lab first, even the tool
                  --topic NAME          bench topic for the tools, recreated like the lab topic (default lab.compare)
                  --lab-topic NAME      the lab topic whose layout it copies (default lab.orders)
                  --bootstrap LIST      (default 127.0.0.1:9092,127.0.0.1:9093,127.0.0.1:9094)
                  --kafka-lib DIR       Kafka jars incl. kafka-tools (default local-cluster/target/lib)
                  --producer URL, --consumer URL, --results DIR   as for run
                  --drain-timeout D     how long to let the consumer-app catch up between rounds (default 2m)
              snapshot              the lab's dashboards with their data as Grafana snapshots: one file per dashboard
                                    in DIR/snapshots/<uid>.json, and a snapshot in Grafana (its URL printed) when it answers
                  --from ISO --to ISO   the window, e.g. 2026-11-21T23:50:00Z (default: the last 15m)
                  --last D              the window ending now (or at --to)
                  --run DIR|latest      a results folder's run window; writes into that folder
                  --out DIR             where snapshots/ goes (default results/<UTC time>-snapshot)
                  --prometheus URL      (default http://127.0.0.1:9090)
                  --grafana URL|none    (default http://127.0.0.1:3000; none: files only)
                  --grafana-user U      (default admin)
                  --grafana-password P  (default: env GRAFANA_ADMIN_PASSWORD, else ./.env, else admin)
                  --dashboards DIR      (default observability/grafana/dashboards)
              snapshot --verify DIR  check snapshot files (DIR or DIR/snapshots): exit 1 if a panel holds no data
              check-dashboards      run every panel's queries and annotation queries over a window against Prometheus;
                                    exit 1 listing each "dashboard / panel / refId: no data" or query error
                  --from ISO --to ISO | --last D   (default: the last 5m)
                  --prometheus URL, --dashboards DIR   as for snapshot
              help                  this text

            Durations: 15s, 5m, 1m30s, 250ms or ISO-8601 (PT15S).
            Exit codes: 0 done, 1 the run or a call failed, 2 wrong command line or scenario.
            """;

    private Usage() {
    }
}
