# Images built from this repository by docker-compose.yml (build context: the repository root,
# since the Maven reactor needs the parent pom). Base images come from .env as build args, so
# every version is pinned in one place. Targets:
#   app           - one lab app, APP=producer-app or consumer-app
#   kafka-broker  - the official Kafka image plus the Prometheus JMX exporter agent
ARG MAVEN_BUILD_IMAGE
ARG JRE_RUNTIME_IMAGE
ARG KAFKA_IMAGE

# The JMX exporter agent comes from Maven Central through Maven, like every other jar.
FROM ${MAVEN_BUILD_IMAGE} AS jmx-agent
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/root/.m2 \
    ./mvnw -B -q -pl local-cluster package \
    && cp local-cluster/target/agent/jmx_prometheus_javaagent.jar /tmp/jmx_prometheus_javaagent.jar

FROM ${KAFKA_IMAGE} AS kafka-broker
COPY --from=jmx-agent /tmp/jmx_prometheus_javaagent.jar /opt/jmx/jmx_prometheus_javaagent.jar

FROM ${MAVEN_BUILD_IMAGE} AS app-build
ARG APP
WORKDIR /src
COPY . .
# The cache mount keeps ~/.m2 (the pinned Maven of ./mvnw and the dependencies)
# between builds, so a code change does not download the world again.
RUN --mount=type=cache,target=/root/.m2 \
    test -n "${APP}" \
    && ./mvnw -B -q -pl "${APP}" -am package -DskipTests \
    && cp "${APP}/target/${APP}"-*-exec.jar /tmp/app.jar

FROM ${JRE_RUNTIME_IMAGE} AS app
RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin lab
COPY --from=app-build /tmp/app.jar /opt/lab/app.jar
USER lab
# Arguments (bootstrap servers, bind address) come from docker-compose.yml.
ENTRYPOINT ["java", "-jar", "/opt/lab/app.jar"]
