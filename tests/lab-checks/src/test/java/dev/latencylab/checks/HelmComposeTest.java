package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The chart's apps are docker-compose.yml's: the same image, entrypoint and arguments (the chart rendered
 * against compose's own bootstrap), and the same JVM options, port and settings in the environment. Only the
 * control rules differ on purpose: compose waives the token (its ports are published on 127.0.0.1), the chart
 * requires it.
 */
class HelmComposeTest {

    /** Compose's waiver of the token and its names for the Host rule, which a token replaces. */
    private static final List<String> COMPOSE_ONLY = List.of("LAB_CONTROL_REQUIRETOKEN", "LAB_CONTROL_OWNNAMES");

    @Test
    void eachAppContainerRunsComposesImageAndCommandLine() {
        JsonNode services = ComposeConfig.resolved().path("services");
        String composeBootstrap =
                services.path("producer-app").path("command").get(0).asString();
        Helm.Manifests chart = Helm.template(
                "--set-string",
                "bootstrap="
                        + composeBootstrap
                                .substring(composeBootstrap.indexOf('=') + 1)
                                .replace(",", "\\,"));

        for (String app : List.of("producer-app", "consumer-app")) {
            JsonNode service = services.path(app);
            JsonNode container = HelmChartTest.container(chart.app(app));

            assertThat(container.path("image").asString())
                    .as("%s's image", app)
                    .isEqualTo(service.path("image").asString());
            assertThat(container.path("command").isMissingNode())
                    .as("%s: the image's entrypoint, as in compose (entrypoint %s)", app, service.path("entrypoint"))
                    .isEqualTo(service.path("entrypoint").isMissingNode());
            assertThat(strings(container.path("args")))
                    .as("%s's arguments against compose's command", app)
                    .isEqualTo(strings(service.path("command")));
            Map<String, String> composeEnv = new TreeMap<>();
            service.path("environment")
                    .properties()
                    .forEach(e -> composeEnv.put(e.getKey(), e.getValue().asString()));
            COMPOSE_ONLY.forEach(composeEnv::remove);
            assertThat(env(container)).as("%s's environment", app).containsAllEntriesOf(composeEnv);
        }
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asString()));
        return values;
    }

    private static Map<String, String> env(JsonNode container) {
        Map<String, String> env = new TreeMap<>();
        container
                .path("env")
                .forEach(e -> env.put(e.path("name").asString(), e.path("value").asString()));
        return env;
    }
}
