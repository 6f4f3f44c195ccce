package dev.latencylab.runner.cli;

import dev.latencylab.runner.topics.KafkaTopics;
import java.nio.file.Path;
import java.time.Clock;
import picocli.CommandLine.Option;

/** {@code --bootstrap} and {@code --client-config}: the cluster a run's phases make their topics on (a picocli mixin). */
final class ClusterArgs {

    @Option(
            names = "--bootstrap",
            paramLabel = "LIST",
            defaultValue = Defaults.BOOTSTRAP,
            description = "the brokers, for phases that write their own topic (default ${DEFAULT-VALUE})")
    String bootstrap;

    @Option(
            names = "--client-config",
            paramLabel = "FILE",
            description = "Kafka client properties for the runner's admin client (an existing cluster's security"
                    + " settings; scripts/lab passes the file given to 'up --bootstrap ... --client-config')")
    Path clientConfig;

    /** The lab's own brokers: a topic an earlier run left there may be replaced; on another cluster, never. */
    boolean labsOwnBrokers(Path cwd) {
        return LabBrokers.own(bootstrap, cwd);
    }

    /** An admin connection for the phases' topics, with the cluster's security settings. */
    KafkaTopics topics(Path cwd, Clock clock) {
        return new KafkaTopics(bootstrap, ClientConfigFile.read(cwd, clientConfig), clock, labsOwnBrokers(cwd));
    }
}
