package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * deploy/helm/latency-lab, linted and rendered by the pinned helm: N producer-apps and M consumer-apps behind
 * headless Services, the token Secret in every app pod, probes, resources and scrape annotations, the optional
 * ServiceMonitor and Strimzi cluster, the runner's Job with its scenario from a ConfigMap and its results on a
 * volume.
 */
class HelmChartTest {

    private static final List<String> APPS = List.of("producer-app", "consumer-app");

    @Test
    void helmLintPassesTheChart() {
        List<String> args = new ArrayList<>(List.of("lint", "--strict", Helm.CHART.toString()));
        args.addAll(Helm.REQUIRED);

        Tools.Result result = Helm.run(args);

        assertThat(result.ok()).as(result.describe()).isTrue();
    }

    @Test
    void theReplicasOfEachAppAreTheValuesAndTheRunnerWaitsForThatMany() {
        Helm.Manifests m = Helm.template("--set", "producers.replicas=4", "--set", "consumers.replicas=2");

        assertThat(m.app("producer-app").path("spec").path("replicas").asInt()).isEqualTo(4);
        assertThat(m.app("consumer-app").path("spec").path("replicas").asInt()).isEqualTo(2);
        String wait =
                initContainer(m.runnerJob(), "wait-for-apps").path("command").toString();
        assertThat(wait).contains("ready lab-producer-app 4").contains("ready lab-consumer-app 2");
    }

    @Test
    void eachAppHasAHeadlessServiceTheWorkersFileNamesByDns() {
        Helm.Manifests m = Helm.template();

        String workers = m.one("ConfigMap", "lab-runner")
                .path("data")
                .path("workers.yaml")
                .asString();
        for (String app : APPS) {
            JsonNode service = m.one("Service", "lab-" + app);
            assertThat(service.path("spec").path("clusterIP").asString())
                    .as(app)
                    .isEqualTo("None");
            assertThat(service.path("spec").path("selector").path("app").asString())
                    .isEqualTo(app);
            int port = service.path("spec").path("ports").get(0).path("port").asInt();
            assertThat(workers).contains("dns+http://lab-" + app + ".lab.svc:" + port);
        }
    }

    @Test
    void everyAppPodTakesTheTokenFromTheSecret() {
        Helm.Manifests made = Helm.template();
        Helm.Manifests given = Helm.template("--set", "token.existingSecret=my-token");

        assertThat(made.one("Secret", "lab-token").path("data").path("token").asString())
                .as("a generated token")
                .isNotBlank();
        assertThat(given.ofKind("Secret"))
                .as("no Secret made when one is given")
                .isEmpty();
        for (String app : APPS) {
            assertTokenFrom(made.app(app), "lab-token");
            assertTokenFrom(given.app(app), "my-token");
        }
        assertTokenFrom(made.runnerJob(), "lab-token");
        assertThat(container(made.runnerJob()).path("args").toString()).contains("--token-file=/run/lab-token/token");
    }

    @Test
    void everyAppContainerHasProbesOnActuatorHealthAndResources() {
        Helm.Manifests m = Helm.template();

        for (String app : APPS) {
            JsonNode c = container(m.app(app));
            assertThat(c.path("readinessProbe").path("httpGet").path("path").asString())
                    .as(app)
                    .isEqualTo("/actuator/health");
            assertThat(c.path("livenessProbe").path("httpGet").path("path").asString())
                    .as(app)
                    .isEqualTo("/actuator/health");
            assertThat(c.path("resources").path("requests").path("cpu").asString())
                    .as(app)
                    .isNotBlank();
            assertThat(c.path("resources").path("limits").path("memory").asString())
                    .as(app)
                    .isNotBlank();
        }
        assertThat(container(m.runnerJob())
                        .path("resources")
                        .path("requests")
                        .path("memory")
                        .asString())
                .isNotBlank();
    }

    @Test
    void appPodsCarryPrometheusScrapeAnnotations() {
        Helm.Manifests m = Helm.template();

        for (String app : APPS) {
            JsonNode pod = m.app(app).path("spec").path("template");
            JsonNode annotations = pod.path("metadata").path("annotations");
            assertThat(annotations.path("prometheus.io/scrape").asString())
                    .as(app)
                    .isEqualTo("true");
            assertThat(annotations.path("prometheus.io/path").asString()).isEqualTo("/actuator/prometheus");
            assertThat(annotations.path("prometheus.io/port").asString())
                    .isEqualTo(container(m.app(app))
                            .path("ports")
                            .get(0)
                            .path("containerPort")
                            .asString());
        }
    }

    @Test
    void aServiceMonitorOnlyWhenEnabled() {
        assertThat(Helm.template().ofKind("ServiceMonitor")).isEmpty();

        List<JsonNode> monitors =
                Helm.template("--set", "serviceMonitor.enabled=true").ofKind("ServiceMonitor");

        assertThat(monitors).hasSize(1);
        assertThat(monitors.get(0)
                        .path("spec")
                        .path("endpoints")
                        .get(0)
                        .path("path")
                        .asString())
                .isEqualTo("/actuator/prometheus");
    }

    @Test
    void aStrimziKafkaOnlyWhenEnabledAndThenItIsTheBootstrap() {
        Helm.Manifests without = Helm.template();
        Helm.Manifests with = Helm.template("--set", "strimzi.enabled=true");

        assertThat(without.ofKind("Kafka")).isEmpty();
        assertThat(without.ofKind("KafkaNodePool")).isEmpty();
        assertThat(with.one("Kafka", "lab-kafka").path("apiVersion").asString()).startsWith("kafka.strimzi.io/");
        assertThat(with.ofKind("KafkaNodePool")).hasSize(1);
        assertThat(container(with.app("producer-app")).path("args").get(0).asString())
                .isEqualTo("--spring.kafka.bootstrap-servers=lab-kafka-kafka-bootstrap:9092");
    }

    @Test
    void theRunnersScenarioIsTheChosenFileFromItsConfigMap() {
        Helm.Manifests m = Helm.template("--set", "runner.scenario.name=max-rate");

        JsonNode job = m.runnerJob();
        JsonNode configMap = m.one("ConfigMap", "lab-runner");
        assertThat(configMap.path("data").path("max-rate.yaml").asString())
                .isEqualTo(Repo.read("scenarios/max-rate.yaml"));
        assertThat(volume(job, "runner").path("configMap").path("name").asString())
                .isEqualTo("lab-runner");
        assertThat(mount(container(job), "runner").path("mountPath").asString()).isEqualTo("/etc/lab/runner");
        assertThat(container(job).path("args").get(1).asString()).isEqualTo("/etc/lab/runner/max-rate.yaml");
    }

    @Test
    void anInlineScenarioWinsAndAnUnknownNameIsRefused() {
        Helm.Manifests m =
                Helm.template("--set", "runner.scenario.name=mine", "--set", "runner.scenario.inline=name: mine");
        Tools.Result unknown = Helm.render("--set", "runner.scenario.name=no-such-scenario");

        assertThat(m.one("ConfigMap", "lab-runner")
                        .path("data")
                        .path("mine.yaml")
                        .asString())
                .isEqualTo("name: mine\n");
        assertThat(unknown.ok()).as(unknown.describe()).isFalse();
        assertThat(unknown.output()).contains("no scenarios/no-such-scenario.yaml");
    }

    @Test
    void theResultsVolumeIsMountedWhereTheRunnerWritesAndKeptForKubectlCp() {
        Helm.Manifests m = Helm.template();

        JsonNode job = m.runnerJob();
        m.one("PersistentVolumeClaim", "lab-results");
        assertThat(volume(job, "results")
                        .path("persistentVolumeClaim")
                        .path("claimName")
                        .asString())
                .isEqualTo("lab-results");
        assertThat(mount(container(job), "results").path("mountPath").asString())
                .isEqualTo("/results");
        assertThat(container(job).path("args").toString()).contains("--results=/results");
        JsonNode reader = m.one("Deployment", "lab-results");
        assertThat(volume(reader, "results")
                        .path("persistentVolumeClaim")
                        .path("claimName")
                        .asString())
                .isEqualTo("lab-results");
        assertThat(Repo.read("deploy/helm/latency-lab/templates/NOTES.txt"))
                .contains("cp ")
                .contains(":/results ");
    }

    @Test
    void withoutABootstrapTheChartRefusesToRender() {
        Tools.Result result = Helm.render("--set", "bootstrap=");

        assertThat(result.ok()).as(result.describe()).isFalse();
        assertThat(result.output()).contains("set bootstrap");
    }

    private static void assertTokenFrom(JsonNode workload, String secret) {
        String name = workload.path("metadata").path("name").asString();
        assertThat(volume(workload, "token-secret")
                        .path("secret")
                        .path("secretName")
                        .asString())
                .as("%s's token Secret", name)
                .isEqualTo(secret);
        assertThat(mount(initContainer(workload, "token"), "token-secret").isMissingNode())
                .as("%s's token init container reads the Secret", name)
                .isFalse();
        assertThat(mount(container(workload), "token").path("mountPath").asString())
                .as(name)
                .isEqualTo("/run/lab-token");
    }

    static JsonNode container(JsonNode workload) {
        JsonNode containers = podSpec(workload).path("containers");
        assertThat(containers.size()).as("one container").isEqualTo(1);
        return containers.get(0);
    }

    private static JsonNode initContainer(JsonNode workload, String name) {
        for (JsonNode c : podSpec(workload).path("initContainers")) {
            if (name.equals(c.path("name").asString())) {
                return c;
            }
        }
        throw new AssertionError(
                "no init container " + name + " in " + workload.path("metadata").path("name"));
    }

    private static JsonNode volume(JsonNode workload, String name) {
        for (JsonNode v : podSpec(workload).path("volumes")) {
            if (name.equals(v.path("name").asString())) {
                return v;
            }
        }
        throw new AssertionError(
                "no volume " + name + " in " + workload.path("metadata").path("name"));
    }

    private static JsonNode mount(JsonNode container, String volume) {
        for (JsonNode m : container.path("volumeMounts")) {
            if (volume.equals(m.path("name").asString())) {
                return m;
            }
        }
        return tools.jackson.databind.node.MissingNode.getInstance();
    }

    private static JsonNode podSpec(JsonNode workload) {
        return workload.path("spec").path("template").path("spec");
    }
}
