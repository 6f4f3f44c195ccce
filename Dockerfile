# Image of one lab app (APP=producer-app or consumer-app), built by docker-compose.yml with
# the repository root as context (the Maven reactor needs the parent pom and lab-core). Both
# base images come from .env as build args, so every version is pinned in one place.
ARG MAVEN_BUILD_IMAGE
ARG JRE_RUNTIME_IMAGE

FROM ${MAVEN_BUILD_IMAGE} AS build
ARG APP
WORKDIR /src
COPY . .
# The cache mount keeps ~/.m2 (the pinned Maven of ./mvnw and the dependencies)
# between builds, so a code change does not download the world again.
RUN --mount=type=cache,target=/root/.m2 \
    test -n "${APP}" \
    && ./mvnw -B -q -pl "${APP}" -am package -DskipTests \
    && cp "${APP}/target/${APP}"-*-exec.jar /tmp/app.jar

FROM ${JRE_RUNTIME_IMAGE}
RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin lab
COPY --from=build /tmp/app.jar /opt/lab/app.jar
USER lab
# Arguments (bootstrap servers, bind address) come from docker-compose.yml.
ENTRYPOINT ["java", "-jar", "/opt/lab/app.jar"]
