package dev.latencylab.runner.cli;

import dev.latencylab.core.control.TokenFile;
import dev.latencylab.runner.http.AppToken;
import dev.latencylab.runner.http.JsonHttp;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

    /** The environment variable naming the token file, when --token-file does not. */
    static final String TOKEN_FILE_ENV = "LAB_CONTROL_TOKEN_FILE";

    @Option(
            names = "--token-file",
            paramLabel = "FILE",
            description = "apps that listen beyond loopback: a file readable by you alone (chmod 600) whose first line"
                    + " is their lab.control.token-file's token, sent to them (and nowhere else) on every request"
                    + " (default: env " + TOKEN_FILE_ENV + "; none: no token is sent)")
    String tokenFile;

    /**
     * {@code http}, bearing the apps' token on every request to them when one is given.
     *
     * @throws UsageException when the file is refused (missing, others may read it, no token)
     */
    JsonHttp authorized(JsonHttp http, Map<String, String> env, Path cwd) {
        String file = tokenFile != null ? tokenFile : env.get(TOKEN_FILE_ENV);
        if (file == null || file.isBlank()) {
            return http;
        }
        String token;
        try {
            token = TokenFile.read(cwd.resolve(file), tokenFile != null ? "--token-file" : TOKEN_FILE_ENV);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        List<URI> apps = new ArrayList<>(producerUrls);
        apps.addAll(consumerUrls);
        return http.withAppToken(new AppToken(token, apps));
    }
}
