# shellcheck shell=bash
# The Docker Compose stack (docker-compose.yml at the repo root). Sourced, not
# run; needs common.sh and local-stack.sh (jar build, HTTP health probes).

docker_answers() {
  command -v docker >/dev/null && docker info >/dev/null 2>&1
}

# "docker compose" (v2 plugin) when present, else the standalone docker-compose.
compose() {
  if docker compose version >/dev/null 2>&1; then
    (cd "$ROOT" && docker compose "$@")
  elif command -v docker-compose >/dev/null; then
    (cd "$ROOT" && docker-compose "$@")
  else
    die "Docker Compose not found: install the compose plugin or docker-compose (apt-get install -y docker-compose)"
  fi
}

compose_up() {
  local partitions=$1 t0
  [[ -f $ROOT/docker-compose.yml ]] || die "no docker-compose.yml at $ROOT"
  docker_answers || die "no Docker engine answers 'docker info': start Docker, or use 'scripts/lab up --local'"
  # Read by docker-compose.yml for the producer-app (Spring's relaxed binding of
  # lab.producer.partitions).
  [[ -n $partitions ]] && export LAB_PRODUCER_PARTITIONS=$partitions
  t0=$(now_ms)
  if docker compose version >/dev/null 2>&1; then
    compose up -d --wait
  else
    # docker-compose v1 has no --wait: poll the same HTTP health as local mode.
    compose up -d
    local name deadline=$((SECONDS + UP_TIMEOUT))
    for name in prometheus producer-app consumer-app; do
      until component_healthy "$name"; do
        ((SECONDS < deadline)) || die "$name not healthy after ${UP_TIMEOUT}s: see 'docker-compose logs $name'"
        sleep 1
      done
    done
  fi
  say "compose stack healthy in $(( ($(now_ms) - t0) / 1000 ))s"
  say "prometheus: http://127.0.0.1:9090  grafana: http://127.0.0.1:3000"
  say "producer: http://127.0.0.1:8080/actuator/producer  consumer: http://127.0.0.1:8081/actuator/latency"
}

compose_down() {
  local purge=$1
  docker_answers || die "no Docker engine answers 'docker info': nothing to stop in compose mode"
  if ((purge)); then compose down --volumes; else compose down; fi
}

compose_status() {
  docker_answers || die "no Docker engine answers 'docker info'"
  compose ps
}

# compose_broker kill|stop|restart <id>: the same fault steps on the compose
# services kafka-1..3 (kill: SIGKILL; stop: SIGTERM, then SIGKILL after the
# grace period; restart: start the stopped container again).
compose_broker() {
  local action=$1 id=$2
  docker_answers || die "no Docker engine answers 'docker info'"
  case $action in
    kill) compose kill -s SIGKILL "kafka-$id" ;;
    stop) compose stop -t "$BROKER_STOP_TIMEOUT" "kafka-$id" ;;
    restart) compose start "kafka-$id" ;;
    *) die "broker: unknown action '$action' (kill, stop or restart)" ;;
  esac
}
