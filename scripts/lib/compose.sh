# shellcheck shell=bash
# The Docker Compose stack (docker-compose.yml at the repo root), on Docker or,
# where no Docker engine answers, on podman (podman.sh). Sourced, not run;
# needs common.sh, local-stack.sh (HTTP health probes) and podman.sh; scripts/lab
# points docker at the lab's podman engine (use_lab_engine) before any of these.

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

# The services 'up' starts: all of them on Docker; on podman all but Grafana,
# which can be neither pulled nor built from packages here.
compose_services() {
  if engine_pid >/dev/null; then
    compose config --services | grep -vx grafana
  else
    compose config --services
  fi
}

compose_up() {
  local partitions=$1 t0
  local -a services=()
  [[ -f $ROOT/docker-compose.yml ]] || die "no docker-compose.yml at $ROOT"
  if ! docker_answers; then
    podman_engine_up
  fi
  # Read by docker-compose.yml for the producer-app (Spring's relaxed binding of
  # lab.producer.partitions).
  [[ -n $partitions ]] && export LAB_PRODUCER_PARTITIONS=$partitions
  mapfile -t services < <(compose_services)
  engine_pid >/dev/null && say "podman: Grafana is not started (no image of it can be had here); dashboards are checked against Prometheus"
  t0=$(now_ms)
  # --build: the app and broker images follow the checkout (pull_policy: build
  # says the same to Compose v2; v1 needs the flag). Unchanged, a rebuild is
  # the layer cache's.
  if docker compose version >/dev/null 2>&1; then
    compose up -d --build --wait "${services[@]}"
  else
    # docker-compose v1 has no --wait: poll the same HTTP health as local mode.
    compose up -d --build "${services[@]}"
    local name deadline=$((SECONDS + UP_TIMEOUT))
    for name in prometheus producer-app consumer-app; do
      until component_healthy "$name"; do
        ((SECONDS < deadline)) || die "$name not healthy after ${UP_TIMEOUT}s: see 'docker-compose logs $name'"
        sleep 1
      done
    done
  fi
  say "compose stack healthy in $(( ($(now_ms) - t0) / 1000 ))s"
  if engine_pid >/dev/null; then
    say "prometheus: http://127.0.0.1:9090  (no Grafana on podman)"
  else
    say "prometheus: http://127.0.0.1:9090  grafana: http://127.0.0.1:3000"
  fi
  say "producer: http://127.0.0.1:8080/actuator/producer  consumer: http://127.0.0.1:8081/actuator/latency"
}

compose_down() {
  local purge=$1
  if docker_answers; then
    if ((purge)); then compose down --volumes; else compose down; fi
  elif ! engine_pid >/dev/null; then
    die "no Docker engine answers 'docker info': nothing to stop in compose mode"
  fi
  # The engine the lab started for compose goes with the stack.
  podman_engine_down
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
