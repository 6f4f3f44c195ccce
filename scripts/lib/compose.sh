# shellcheck shell=bash
# The Docker Compose stack (docker-compose.yml at the repo root), on Docker or,
# where no Docker engine answers, on podman (podman.sh). Sourced, not run;
# needs common.sh, local-stack.sh (HTTP health probes) and podman.sh; scripts/lab
# points docker at the lab's podman engine (use_lab_engine) before any of these.

docker_answers() {
  command -v docker >/dev/null && docker info >/dev/null 2>&1
}

# Whether Docker has the compose plugin ("docker compose", v2).
compose_plugin() {
  docker compose version >/dev/null 2>&1
}

# "docker compose" (v2 plugin) when present, else the standalone docker-compose.
# It needs no Grafana password: the stack makes its own (grafana-init); a
# GRAFANA_ADMIN_PASSWORD the user exports reaches it as it would by hand.
compose() {
  if compose_plugin; then
    (cd "$ROOT" && docker compose "$@")
  elif command -v docker-compose >/dev/null; then
    (cd "$ROOT" && docker-compose "$@")
  else
    die "Docker Compose not found: install the compose plugin or docker-compose (apt-get install -y docker-compose)"
  fi
}

# Whether compose runs on the lab's podman engine: it runs, or it will since no
# Docker engine answers (compose_up starts it).
compose_on_podman() {
  engine_pid >/dev/null || ! docker_answers
}

# The services 'up' starts: all of them on Docker; on podman all but Grafana
# and grafana-init (which runs Grafana's image), since that image can be neither
# pulled nor built from packages here.
compose_services() {
  if compose_on_podman; then
    compose config --services | grep -vx -e grafana -e grafana-init
  else
    compose config --services
  fi
}

# The host ports docker-compose.yml publishes (on 127.0.0.1), one "<service>
# <port>" a line, read from the file as it is written ("- 127.0.0.1:HOST:CONTAINER"
# under a service's ports:); ComposeUpFailureTest checks this reading against the YAML.
compose_published_ports() {
  awk '
    /^services:/ { in_services = 1; next }
    /^[^[:space:]#]/ { in_services = 0 }
    !in_services { next }
    /^  [A-Za-z0-9_.-]+:[[:space:]]*$/ { service = $1; sub(/:$/, "", service); in_ports = 0; next }
    /^    ports:[[:space:]]*$/ { in_ports = 1; next }
    in_ports && /^      - / { n = split($2, part, ":"); print service, part[n - 1]; next }
    /^    [^[:space:]]/ { in_ports = 0 }
  ' "$ROOT/docker-compose.yml"
}

# The compose project's services that run now (none when no engine answers).
compose_running_services() {
  docker_answers || return 0
  compose ps --services --filter status=running 2>/dev/null || true
}

# Whether the compose stack runs whole: every service 'up' starts is running (grafana-init does its one job
# and exits). 'scripts/lab run' then uses it as it is, as it does a whole local stack.
compose_whole() {
  local running missing
  # Empty when no engine answers (compose_running_services asks it first).
  running=$(compose_running_services | sort)
  [[ -n $running ]] || return 1
  missing=$(comm -23 <(compose_services | grep -vx grafana-init | sort) <(printf '%s\n' "$running"))
  [[ -z $missing ]]
}

# compose_whole, asked of the engine once a command: 'run' asks before it validates the file and again before
# the stack, and each answer costs a 'compose ps' and a 'compose config' (on podman a second or more each).
# Not taken from the environment: set here, when the file is read.
compose_whole_answer=""
compose_whole_once() {
  if [[ -z $compose_whole_answer ]]; then
    if compose_whole; then compose_whole_answer=yes; else compose_whole_answer=no; fi
  fi
  [[ $compose_whole_answer == yes ]]
}

# Where Grafana's container reads its admin password (docker-compose.yml's
# volume grafana-admin-password, written by grafana-init).
COMPOSE_GRAFANA_PASSWORD_FILE=/run/lab-grafana/admin-password

# Whether the compose stack's Grafana runs.
compose_grafana_runs() {
  local service
  while read -r service; do
    [[ $service == grafana ]] && return 0
  done < <(compose_running_services)
  return 1
}

# The compose stack's Grafana admin password, on stdout, read from the running
# Grafana's container (as its own user, who alone may read the file): the
# stack made it, and the lab keeps no copy. -T: no terminal, so it works in a
# pipe or under a test.
compose_grafana_password() {
  local password=""
  if password=$(compose exec -T grafana cat "$COMPOSE_GRAFANA_PASSWORD_FILE" 2>/dev/null); then
    password=${password%%$'\n'*}
  fi
  [[ -n $password ]] ||
    die "could not read Grafana's admin password from the compose stack: 'scripts/lab compose exec grafana cat $COMPOSE_GRAFANA_PASSWORD_FILE' says why"
  printf '%s\n' "$password"
}

# export_grafana_password_for_runner <runner command>: the runner's Grafana
# snapshots (run, snapshot) log in with the compose stack's admin password,
# which the stack made and the lab keeps no copy of: read from its Grafana and
# exported for the runner (its environment, never its command line, which every
# local user can read). One the user exports wins; the local Grafana's is in
# $LAB_DIR, where the runner looks by itself. Unread, it stops 'snapshot' (all
# it does is for Grafana), not a run: its measurements do not need Grafana, and
# the runner says which snapshots Grafana refused.
export_grafana_password_for_runner() {
  case $1 in run | snapshot) ;; *) return 0 ;; esac
  [[ -z ${GRAFANA_ADMIN_PASSWORD:-} ]] || return 0
  compose_grafana_runs || return 0
  local password
  if ! password=$(compose_grafana_password); then
    [[ $1 == run ]] || return 1
    warn "the run goes on; its snapshots reach Grafana without a login"
    return 0
  fi
  export GRAFANA_ADMIN_PASSWORD=$password
}

# in_list <word> <list...>: whether <word> is one of the list.
in_list() {
  local word=$1 item
  shift
  for item in "$@"; do
    [[ $item == "$word" ]] && return 0
  done
  return 1
}

# The services this 'up' is to start, and those of the project that already ran
# before it (compose_up fills them; compose_up_undo reads them).
COMPOSE_TO_START=()
COMPOSE_RUNNING_BEFORE=()

# Fails, naming the port and its service, when a port a service to start
# publishes is taken, before anything starts (as local mode's preflight does):
# compose would otherwise fail half-way, with some containers up. A service of
# this project that already runs holds its own ports and is no conflict.
compose_require_free_ports() {
  local service port
  while read -r service port; do
    in_list "$service" "${COMPOSE_TO_START[@]}" || continue
    in_list "$service" "${COMPOSE_RUNNING_BEFORE[@]}" && continue
    require_free_port "$port" "compose service $service"
  done < <(compose_published_ports)
}

# What a failed 'compose up' (its output in <log>) said, in one line: the port
# and its service when a published port was taken, else its last error line
# that names a service, else its last error line.
compose_failure() {
  local log=$1 errors line service port
  errors=$(grep -iE 'error|fail|in use|allocated|denied|unhealthy|exited' "$log" 2>/dev/null |
    grep -v 'Encountered errors while bringing up the project') || true
  [[ -n $errors ]] || errors=$(grep -v '^[[:space:]]*$' "$log" 2>/dev/null | tail -n 1) || true
  [[ -n $errors ]] || { printf 'it said nothing\n'; return 0; }
  while read -r service port; do
    line=$(grep -iE 'bind|in use|allocated' <<<"$errors" | grep -E ":$port([^0-9]|$)" | tail -n 1) || continue
    printf 'port %s (compose service %s) is taken: %s\n' "$port" "$service" "$line"
    return 0
  done < <(compose_published_ports)
  line=""
  while read -r service; do
    line=$(grep -wF -- "$service" <<<"$errors" | tail -n 1) && break
  done < <(compose_published_ports | awk '{ print $1 }' | sort -u)
  printf '%s\n' "${line:-$(tail -n 1 <<<"$errors")}"
}

# A failed 'up' takes down what it started (die runs it): the project's
# containers, or only the services it added to a project that already ran, and
# the podman service and healthcheck loop if this 'up' started them. What ran
# before it stays.
compose_up_undo() {
  local service
  local -a added=()
  if docker_answers; then
    # The containers' own account, before they go.
    if compose logs --no-color >"$LOG_DIR/compose-containers.out" 2>&1; then
      warn "the containers' logs: $LOG_DIR/compose-containers.out"
    fi
    if ((${#COMPOSE_RUNNING_BEFORE[@]} == 0)); then
      warn "taking down what this 'up' started: compose down"
      compose down >&2 || warn "'compose down' failed: see 'scripts/lab compose ps'"
    else
      for service in "${COMPOSE_TO_START[@]}"; do
        in_list "$service" "${COMPOSE_RUNNING_BEFORE[@]}" || added+=("$service")
      done
      if ((${#added[@]} > 0)); then
        warn "taking down the services this 'up' started (${added[*]}; ${COMPOSE_RUNNING_BEFORE[*]} ran before it and stay)"
        compose rm --force --stop "${added[@]}" >&2 || warn "'compose rm' failed: see 'scripts/lab compose ps'"
      fi
    fi
  fi
  if ((${#ENGINE_STARTED[@]} > 0)); then
    stop_engine_procs "${ENGINE_STARTED[@]}" || true
    in_list podman "${ENGINE_STARTED[@]}" && rm -f "$ENGINE_SOCKET"
    warn "stopped what this 'up' started of the lab's podman engine: ${ENGINE_STARTED[*]}"
  fi
}

# compose_up_logged <log> <arguments...>: 'compose up <arguments...>', its output shown and kept in
# <log> (to say why, should it fail).
compose_up_logged() {
  local log=$1
  shift
  compose up "$@" 2>&1 | tee "$log"
}

compose_up() {
  local partitions=$1 t0 log=$LOG_DIR/compose-up.out
  [[ -f $ROOT/docker-compose.yml ]] || die "no docker-compose.yml at $ROOT"
  docker_answers || require_podman
  mapfile -t COMPOSE_TO_START < <(compose_services)
  ((${#COMPOSE_TO_START[@]} > 0)) || die "docker-compose.yml names no service ('compose config --services' said none)"
  mapfile -t COMPOSE_RUNNING_BEFORE < <(compose_running_services)
  compose_require_free_ports
  lab_dir
  mkdir -p "$LOG_DIR"
  # From here on a failure, a Ctrl-C or a SIGTERM takes down what this call started.
  DIE_CLEANUP=compose_up_undo
  trap_interrupts
  if ! docker_answers; then
    podman_engine_up
  fi
  # Read by docker-compose.yml for the producer-app (Spring's relaxed binding of
  # lab.producer.partitions).
  [[ -n $partitions ]] && export LAB_PRODUCER_PARTITIONS=$partitions
  engine_pid >/dev/null && say "podman: Grafana is not started (no image of it can be had here); dashboards are checked against Prometheus"
  t0=$(now_ms)
  # --build: the app and broker images follow the checkout (pull_policy: build
  # says the same to Compose v2; v1 needs the flag). Unchanged, a rebuild is
  # the layer cache's. The output is kept to say why, should it fail.
  if compose_plugin; then
    in_background compose_up_logged "$log" -d --build --wait "${COMPOSE_TO_START[@]}" ||
      die "compose up failed: $(compose_failure "$log") (all it said: $log)"
  else
    in_background compose_up_logged "$log" -d --build "${COMPOSE_TO_START[@]}" ||
      die "compose up failed: $(compose_failure "$log") (all it said: $log)"
    # docker-compose v1 has no --wait: poll the same HTTP health as local mode.
    local name deadline=$((SECONDS + UP_TIMEOUT))
    for name in prometheus producer-app consumer-app; do
      until component_healthy "$name"; do
        ((SECONDS < deadline)) || die "$name not healthy after ${UP_TIMEOUT}s"
        sleep 1
      done
    done
  fi
  # shellcheck disable=SC2034 # read by die (common.sh)
  DIE_CLEANUP=""
  untrap_interrupts
  say "compose stack healthy in $(( ($(now_ms) - t0) / 1000 ))s"
  if engine_pid >/dev/null; then
    say "prometheus: http://127.0.0.1:9090  (no Grafana on podman)"
  else
    say "prometheus: http://127.0.0.1:9090  grafana: http://127.0.0.1:3000"
    # The password is the stack's (grafana-init): said where it is, never printed.
    say "grafana's admin password: scripts/lab compose exec grafana cat $COMPOSE_GRAFANA_PASSWORD_FILE"
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
