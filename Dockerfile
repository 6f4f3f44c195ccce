# Images built from this repository by docker-compose.yml (build context: the repository root,
# since the Maven reactor needs the parent pom). Base images come from .env as build args, so
# every version is pinned in one place, and a host that cannot pull them can point the
# variables at images of its own (podman/README.md). Targets:
#   app           - one lab app, APP=producer-app or consumer-app
#   kafka-broker  - the Kafka image plus the Prometheus JMX exporter agent
ARG MAVEN_BUILD_IMAGE
ARG JRE_RUNTIME_IMAGE
ARG KAFKA_IMAGE

# One Maven run builds both apps and fetches the JMX exporter agent (from Maven Central, like
# every other jar); each target copies what it needs from it. docker compose builds three
# images from this file: they all reuse this stage from the layer cache, so Maven never runs
# twice at once on one cache, and no BuildKit feature is needed (docker-compose v1 and podman
# build it as well: no cache mount, hence the dependency layer below).
FROM ${MAVEN_BUILD_IMAGE} AS build
WORKDIR /src

# Dependencies first, from the build files alone: the wrapper, .mvn and every module's pom (the
# parent pom lists them all, and Maven reads them all even with -pl). This layer is built again
# only when one of them changes; a source change reuses it from the layer cache instead of
# downloading every dependency and plugin again (issue #29). It runs the two Maven commands of
# the source build below on modules with no sources yet, so it fetches what that build uses and
# nothing else: the pinned Maven (mvnw), the dependencies of every scope (test-compile resolves
# the test ones even with -DskipTests), the plugins with their own dependencies, the JMX agent.
# Only the repackage is skipped, since it needs a main class; its plugin is resolved all the
# same (Maven loads a mojo before the mojo reads its skip flag). Not dependency:go-offline: it
# misses what plugins resolve while they run. The empty jars go: the source build makes its own.
COPY mvnw pom.xml ./
COPY .mvn/ .mvn/
COPY lab-api/pom.xml lab-api/
COPY lab-core/pom.xml lab-core/
COPY lab-kafka/pom.xml lab-kafka/
COPY producer-app/pom.xml producer-app/
COPY consumer-app/pom.xml consumer-app/
COPY lab-it/pom.xml lab-it/
COPY local-cluster/pom.xml local-cluster/
COPY lab-runner/pom.xml lab-runner/
COPY lab-checks/pom.xml lab-checks/
COPY lab-e2e/pom.xml lab-e2e/
RUN ./mvnw -B -q -pl producer-app,consumer-app -am package -DskipTests -Dspring-boot.repackage.skip=true \
    && ./mvnw -B -q -pl local-cluster dependency:copy@jmx-agent \
    && rm -rf -- */target

# Then the sources, and the build offline (-o): whatever the layer above did not fetch fails
# this build by name, instead of being downloaded again at every source change.
COPY . .
RUN ./mvnw -B -q -o -pl producer-app,consumer-app -am package -DskipTests \
    && ./mvnw -B -q -o -pl local-cluster dependency:copy@jmx-agent \
    && mkdir -p /out \
    && cp producer-app/target/producer-app-*-exec.jar /out/producer-app.jar \
    && cp consumer-app/target/consumer-app-*-exec.jar /out/consumer-app.jar \
    && cp local-cluster/target/agent/jmx_prometheus_javaagent.jar /out/jmx_prometheus_javaagent.jar

FROM ${KAFKA_IMAGE} AS kafka-broker
COPY --from=build /out/jmx_prometheus_javaagent.jar /opt/jmx/jmx_prometheus_javaagent.jar
COPY docker/kafka-broker/ /opt/lab/
# The agent is added to the broker's JVM by this script, not by KAFKA_OPTS in the container's
# environment: 'docker compose exec kafka-1 kafka-topics.sh ...' then starts no second agent.
CMD ["/opt/lab/start-broker"]

FROM ${JRE_RUNTIME_IMAGE} AS app
ARG APP
RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin lab
COPY --from=build /out/${APP}.jar /opt/lab/app.jar
COPY docker/app/ /opt/lab/
USER lab
# Arguments (bootstrap servers, bind address) come from docker-compose.yml; JVM options from
# JDK_JAVA_OPTIONS (.env's LAB_APP_JAVA_OPTS, the same as the Docker-less mode's).
ENTRYPOINT ["java", "-jar", "/opt/lab/app.jar"]
