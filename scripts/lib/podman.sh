# shellcheck shell=bash
# docker-compose.yml on Debian's podman, for hosts with no Docker engine (and
# no way to pull images): podman's Docker-compatible API service, stand-in base
# images built here from Debian's and Maven Central's packages (stack/podman/), and
# a loop that runs the containers' healthchecks, which podman 4.3 leaves to
# systemd. Sourced, not run; needs common.sh and procs.sh. Everything it starts
# has a pid file under $ENGINE_DIR ("<pid> <start time>", as procs.sh writes
# them) and is stopped by it.

ENGINE_DIR=$LAB_DIR/engine
ENGINE_SOCKET=$ENGINE_DIR/podman.sock
# The compose project (COMPOSE_PROJECT_NAME in .env): its containers' label.
COMPOSE_PROJECT=$(env_file_value COMPOSE_PROJECT_NAME)
# Seconds between healthcheck rounds: quick until every container is healthy
# (depends_on waits on it), then rare, since each round costs a few podman
# processes' CPU next to the measurements.
HEALTHCHECK_FAST=${LAB_HEALTHCHECK_FAST:-1}
HEALTHCHECK_SLOW=${LAB_HEALTHCHECK_SLOW:-30}
# What podman_engine_up started in this call (podman, healthchecks): what a
# failed 'up' takes down again, leaving what an earlier 'up' started.
ENGINE_STARTED=()

podman_installed() {
  command -v podman >/dev/null && command -v runc >/dev/null && command -v docker-compose >/dev/null
}

# Pid of the lab's podman service when it runs, else fails. The start time in
# the pid file tells it from another process that got its pid after it ended.
engine_pid() {
  pid_from_file "$ENGINE_DIR/podman.pid"
}

# Points docker, docker-compose and podman at the lab's engine when it runs
# (every command of scripts/lab calls it, so down, status and broker faults
# reach a stack that up started on podman).
use_lab_engine() {
  engine_pid >/dev/null || return 0
  export DOCKER_HOST="unix://$ENGINE_SOCKET" CONTAINERS_CONF="$ROOT/stack/podman/containers.conf"
  export_standin_images
}

# Short content hash of the files an image is built from and of the image it
# is built on: a change to either gives a new tag, so a stale stand-in is never
# used.
files_hash() {
  local on=$1
  shift
  { (cd "$ROOT" && cat "$@"); standin_name "$on"; } | sha256sum | cut -c1-12
}

standin_name() {
  case $1 in
    base) printf 'localhost/latencylab/debian:%s-%s\n' "$(debian_suite)" "$(host_cas | sha256sum | cut -c1-12)" ;;
    jre) printf 'localhost/latencylab/jre:17-%s\n' "$(files_hash base stack/podman/images/jre.Containerfile)" ;;
    jdk) printf 'localhost/latencylab/jdk:17-%s\n' "$(files_hash base stack/podman/images/jdk.Containerfile)" ;;
    prometheus) printf 'localhost/latencylab/prometheus:debian-%s\n' "$(files_hash base stack/podman/images/prometheus.Containerfile)" ;;
    kafka)
      printf 'localhost/latencylab/kafka:%s-%s\n' "$(env_file_value KAFKA_IMAGE_TAG)" \
        "$(files_hash jre stack/podman/images/kafka.Containerfile stack/podman/images/kafka/bin/* stack/podman/images/kafka/defaults/*)"
      ;;
  esac
}

# The variables docker-compose.yml takes its base images from, pointed at the
# stand-ins (the environment wins over .env).
export_standin_images() {
  KAFKA_IMAGE=$(standin_name kafka)
  MAVEN_BUILD_IMAGE=$(standin_name jdk)
  JRE_RUNTIME_IMAGE=$(standin_name jre)
  PROMETHEUS_IMAGE=$(standin_name prometheus)
  export KAFKA_IMAGE MAVEN_BUILD_IMAGE JRE_RUNTIME_IMAGE PROMETHEUS_IMAGE
}

debian_suite() {
  local suite
  # shellcheck source=/dev/null
  suite=$(. /etc/os-release 2>/dev/null && printf '%s' "${VERSION_CODENAME:-}")
  [[ -n $suite ]] || die "podman mode builds its images from this host's Debian release: /etc/os-release names none"
  printf '%s\n' "$suite"
}

# The certificate authorities this host's administrator added (a TLS-inspecting
# proxy's, say): the base image trusts them too, or Maven in the image build
# cannot reach Maven Central where the host can.
HOST_CA_DIR=/usr/local/share/ca-certificates
host_cas() {
  find "$HOST_CA_DIR" -name '*.crt' -type f -print0 2>/dev/null | sort -z | xargs -0r cat
}

# The Debian mirror this host's apt uses (the base image comes from it).
apt_mirror() {
  local mirror
  mirror=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '/^URIs:/ { print $2; exit }')
  [[ -n $mirror ]] || mirror=$(grep -hE '^deb ' /etc/apt/sources.list 2>/dev/null | awk '{ print $2; exit }')
  [[ -n $mirror ]] || die "no Debian mirror found in /etc/apt/sources.list*: the base image is made from it"
  printf '%s\n' "$mirror"
}

build_standin() {
  local which=$1 name t0 context
  name=$(standin_name "$which")
  if podman image exists "$name"; then
    return 0
  fi
  t0=$SECONDS
  case $which in
    base)
      require_cmd debootstrap "apt-get install -y debootstrap (or run 'scripts/lab setup')"
      say "image $name: debootstrap --variant=minbase $(debian_suite) (about 30 s)"
      local rootfs=$ENGINE_DIR/rootfs
      rm -rf "$rootfs"
      debootstrap --variant=minbase "$(debian_suite)" "$rootfs" "$(apt_mirror)" >"$ENGINE_DIR/debootstrap.log" 2>&1 ||
        die "debootstrap failed: see $ENGINE_DIR/debootstrap.log"
      # Trusted by the images' Java once ca-certificates-java comes with a JDK.
      mkdir -p "$rootfs$HOST_CA_DIR"
      find "$HOST_CA_DIR" -name '*.crt' -type f -exec cp {} "$rootfs$HOST_CA_DIR/" \; 2>/dev/null || true
      tar -C "$rootfs" -c . | podman import - "$name" >/dev/null || die "podman import of the base image failed"
      rm -rf "$rootfs"
      ;;
    kafka)
      say "image $name: the Kafka jars of local-cluster on $(standin_name jre)"
      cluster_jars_present || die "local-cluster jars missing: run './mvnw -pl stack/local-cluster package' (or 'scripts/lab setup')"
      context=$ENGINE_DIR/kafka-context
      rm -rf "$context"
      mkdir -p "$context/libs"
      cp -R "$ROOT/stack/podman/images/kafka/." "$context/"
      cp "$LC_LIB"/*.jar "$context/libs/"
      podman_build "$name" "$context" "$ROOT/stack/podman/images/kafka.Containerfile" "$(standin_name jre)"
      rm -rf "$context"
      ;;
    jre | jdk | prometheus)
      say "image $name: from Debian's packages"
      podman_build "$name" "$ROOT/stack/podman/images" "$ROOT/stack/podman/images/$which.Containerfile" "$(standin_name base)"
      ;;
  esac
  say "image $name: built in $((SECONDS - t0)) s"
}

podman_build() {
  local name=$1 context=$2 file=$3 base=$4
  podman build --quiet --network host --build-arg "BASE_IMAGE=$base" -t "$name" -f "$file" "$context" \
    >"$ENGINE_DIR/build-${name##*/}.log" 2>&1 ||
    die "building $name failed: see $ENGINE_DIR/build-${name##*/}.log"
}

healthcheck_loop() {
  local names name all_healthy nap=""
  # Stopped by its pid: the sleep it waits on goes with it.
  trap '[[ -n $nap ]] && kill "$nap" 2>/dev/null; exit 0' TERM
  while true; do
    all_healthy=1
    names=$(podman ps --filter "label=com.docker.compose.project=$COMPOSE_PROJECT" --format '{{.Names}}' 2>/dev/null) || names=""
    [[ -n $names ]] || all_healthy=0
    for name in $names; do
      podman healthcheck run "$name" >/dev/null 2>&1 || all_healthy=0
    done
    if ((all_healthy)); then sleep "$HEALTHCHECK_SLOW" & else sleep "$HEALTHCHECK_FAST" & fi
    nap=$!
    wait "$nap" || true
  done
}

require_podman() {
  podman_installed ||
    die "no Docker engine, and podman is not installed: run 'scripts/lab setup' (apt: podman runc docker-compose debootstrap), or use 'scripts/lab up --local'"
}

# Starts the podman service and the healthcheck loop, builds the stand-in
# images that are missing and points compose at them.
podman_engine_up() {
  require_podman
  lab_dir
  mkdir -p "$ENGINE_DIR"
  export CONTAINERS_CONF="$ROOT/stack/podman/containers.conf"
  if ! engine_pid >/dev/null; then
    rm -f "$ENGINE_SOCKET"
    say "starting podman's Docker-compatible service (no Docker engine answers): $ENGINE_SOCKET"
    local service=(podman system service --time=0 "unix://$ENGINE_SOCKET")
    "${service[@]}" >"$ENGINE_DIR/podman-service.log" 2>&1 &
    record_pid "$ENGINE_DIR/podman.pid" "$!" "${service[@]}" ||
      die "podman system service exited at once: see $ENGINE_DIR/podman-service.log"
    ENGINE_STARTED+=(podman)
  fi
  export DOCKER_HOST="unix://$ENGINE_SOCKET"
  local deadline=$((SECONDS + 30))
  until docker_answers; do
    engine_pid >/dev/null || die "podman system service exited: see $ENGINE_DIR/podman-service.log"
    ((SECONDS < deadline)) || die "podman's service does not answer after 30 s: see $ENGINE_DIR/podman-service.log"
    sleep 0.5
  done
  local which
  # Each build may take minutes: in the background, so an interrupt stops it at once.
  for which in base jre jdk prometheus kafka; do
    in_background build_standin "$which" || die "no $which image (said above why)"
  done
  export_standin_images
  if ! pid_from_file "$ENGINE_DIR/healthchecks.pid" >/dev/null; then
    # A bash of its own, not a subshell: its command line is then its own (the loop, and this engine's
    # folder), which is what the pid file records and what the lab checks before it signals it.
    local loop=("$BASH" -c "$(declare -p COMPOSE_PROJECT HEALTHCHECK_FAST HEALTHCHECK_SLOW)
$(declare -f healthcheck_loop)
healthcheck_loop" "$ENGINE_DIR/healthchecks")
    "${loop[@]}" >/dev/null 2>&1 &
    record_pid "$ENGINE_DIR/healthchecks.pid" "$!" "${loop[@]}" || die "the healthcheck loop exited at once"
    ENGINE_STARTED+=(healthchecks)
  fi
  say "podman: images $KAFKA_IMAGE, $JRE_RUNTIME_IMAGE, $MAVEN_BUILD_IMAGE, $PROMETHEUS_IMAGE; healthchecks run by the lab (pid $(pid_from_file "$ENGINE_DIR/healthchecks.pid"))"
}

# Deletes the firewall rules podman's CNI plugins left for a compose network that
# 'compose down' removed: rules naming a cni-podman bridge (not podman's default
# cni-podman0) that no longer exists. Nothing else is touched; without iptables
# or root there is nothing to do.
podman_cni_rules_down() {
  command -v iptables >/dev/null 2>&1 && ((EUID == 0)) || return 0
  local table rule bridge removed=0
  for table in filter nat; do
    while IFS= read -r rule; do
      [[ $rule =~ (cni-podman[1-9][0-9]*) ]] || continue
      bridge=${BASH_REMATCH[1]}
      ip link show "$bridge" >/dev/null 2>&1 && continue
      # xargs splits the rule as iptables printed it, honouring its quotes, with no shell expansion.
      if printf '%s\n' "${rule#-A }" | xargs iptables -t "$table" -D 2>/dev/null; then
        removed=$((removed + 1))
      fi
    done < <(iptables -t "$table" -S 2>/dev/null | grep -E -- '^-A .*cni-podman[1-9]' || true)
  done
  ((removed == 0)) || say "podman: $removed firewall rules of removed compose networks deleted"
  return 0
}

# stop_engine_procs <name...> (healthchecks, podman): each that still runs as its
# pid file records gets SIGTERM, then SIGKILL if that same process is still there
# after 15 s. A pid file whose process is gone, or whose pid is not the lab's
# process (lab_proc_refusal, said), is only removed. Fails when none was running.
stop_engine_procs() {
  local name file pid started deadline stopped=1
  for name in "$@"; do
    file=$ENGINE_DIR/$name.pid
    if pid=$(pid_from_file "$file"); then
      read -r _ started <"$file"
      kill "$pid" 2>/dev/null || true
      deadline=$((SECONDS + 15))
      while [[ $(proc_start_time "$pid" 2>/dev/null) == "$started" ]] && ((SECONDS < deadline)); do sleep 0.2; done
      if [[ $(proc_start_time "$pid" 2>/dev/null) == "$started" ]]; then
        kill -9 "$pid" 2>/dev/null || true
      fi
      stopped=0
    else
      say_refusal "$name" "$file"
    fi
    rm -f "$file"
  done
  return "$stopped"
}

# Stops the healthcheck loop and the podman service by their pid files.
podman_engine_down() {
  if stop_engine_procs healthchecks podman; then
    say "podman service and healthcheck loop stopped"
  fi
  rm -f "$ENGINE_SOCKET"
  podman_cni_rules_down
  return 0
}
