package dev.latencylab.runner.cli;

import picocli.CommandLine.Option;

/** {@code --driver FILE}: the OpenMessaging Benchmark Kafka driver file an OMB workload is mapped with. */
final class OmbDriverArgs {

    @Option(
            names = "--driver",
            paramLabel = "FILE",
            description = "with an OMB workload: an OMB Kafka driver file (driver-kafka/*.yaml), its producer,"
                    + " consumer and topic properties mapped too (default: Kafka's client defaults)")
    String file;
}
