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
              snapshot --from ISO --to ISO --out DIR   Grafana snapshot export (not implemented yet)
              help                  this text

            Durations: 15s, 5m, 1m30s, 250ms or ISO-8601 (PT15S).
            Exit codes: 0 done, 1 the run or a call failed, 2 wrong command line or scenario.
            """;

    private Usage() {
    }
}
