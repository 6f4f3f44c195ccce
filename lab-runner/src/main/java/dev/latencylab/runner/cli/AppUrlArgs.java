package dev.latencylab.runner.cli;

import java.net.URI;
import picocli.CommandLine.Option;

/** Where producer-app and consumer-app answer: the commands that drive both take these. */
final class AppUrlArgs {

    @Option(
            names = "--producer",
            paramLabel = "URL",
            defaultValue = Defaults.PRODUCER,
            description = "producer-app (default ${DEFAULT-VALUE})")
    URI producerUrl;

    @Option(
            names = "--consumer",
            paramLabel = "URL",
            defaultValue = Defaults.CONSUMER,
            description = "consumer-app (default ${DEFAULT-VALUE})")
    URI consumerUrl;
}
