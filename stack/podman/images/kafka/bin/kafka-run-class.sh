#!/usr/bin/env bash
# The stand-in's JVM launcher, with the environment contract of Kafka's own
# kafka-run-class.sh: KAFKA_HEAP_OPTS, KAFKA_JVM_PERFORMANCE_OPTS,
# KAFKA_LOG4J_OPTS and KAFKA_OPTS reach every JVM it starts, tools included.
set -euo pipefail
base=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
heap=${KAFKA_HEAP_OPTS:--Xmx256M}
perf=${KAFKA_JVM_PERFORMANCE_OPTS:--server -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:InitiatingHeapOccupancyPercent=35 -XX:+ExplicitGCInvokesConcurrent -XX:MaxInlineLevel=15 -Djava.awt.headless=true}
log4j=${KAFKA_LOG4J_OPTS:--Dlog4j2.configurationFile=$base/config/tools-log4j2.yaml}
# shellcheck disable=SC2086 # each variable holds several JVM options
exec java $heap $perf $log4j ${KAFKA_OPTS:-} -cp "$base/libs/*" "$@"
