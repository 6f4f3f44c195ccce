package dev.latencylab.runner.cli;

import dev.latencylab.runner.http.JsonHttp;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Where producer-app and consumer-app answer: the commands that drive both take these. */
final class AppUrlArgs {

    @Option(
            names = "--producer",
            paramLabel = "URL",
            split = ",",
            defaultValue = Defaults.PRODUCER,
            description = "producer-app; several instances as URL,URL,... (driven together, their counts summed,"
                    + " each instance's share reported; default ${DEFAULT-VALUE})")
    List<URI> producerUrls;

    /** The first producer instance: what a command that drives one instance talks to. */
    URI producerUrl() {
        return producerUrls.get(0);
    }

    @Option(
            names = "--consumer",
            paramLabel = "URL",
            split = ",",
            defaultValue = Defaults.CONSUMER,
            description = "consumer-app; several instances of one group as URL,URL,... (their figures are merged,"
                    + " each instance's share reported; default ${DEFAULT-VALUE})")
    List<URI> consumerUrls;

    /** The first consumer instance: what a command that reads one instance talks to. */
    URI consumerUrl() {
        return consumerUrls.get(0);
    }

    @Mixin
    AppTokenArgs token = new AppTokenArgs();

    /** {@code http}, bearing the apps' token on every request to these instances when one is given. */
    JsonHttp authorized(JsonHttp http, Map<String, String> env, Path cwd) {
        List<URI> apps = new ArrayList<>(producerUrls);
        apps.addAll(consumerUrls);
        return token.authorized(http, env, cwd, apps);
    }
}
