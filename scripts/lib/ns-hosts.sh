# shellcheck shell=bash
# The apps on hosts made of network namespaces (scripts/lab up --local --hosts): a rehearsal of a
# deployment over several machines, on one. Three hosts, each a namespace the lab makes
# (latencylab-h1..3) joined to this machine by a veth pair (lab-hN here, 10.78.N.1; eth0 there,
# 10.78.N.2): h1 runs a producer-app, h2 a producer-app and a consumer-app, h3 a consumer-app. The apps
# listen on their host's address, beyond loopback, so every control request needs the stack's token
# (.lab/control-token, this user's alone); each consumer-app keeps its host's own offset ledger. They
# reach the brokers at the REMOTE listeners' address, 10.77.0.1:2909N, on their host's loopback, where
# one process (stack/network-delay/host_relays.py) forwards to the brokers on this machine. The runner
# drives them by .lab/hosts/workers.yml, which 'scripts/lab run' and 'sweep' pass on; Prometheus scrapes
# the same list. --host-clock-skew MS sets h3's clock that far off (lab.self-test.clock-skew-ms), for the
# runner's clock check to find. 'scripts/lab down' stops them and deletes every namespace and veth.
# Needs root (namespaces, veth, setns); the apps then run as SUDO_USER under sudo (AS_LAB_USER).
# Sourced, not run; needs common.sh, procs.sh, local-stack.sh and far-producer.sh.

NS_HOSTS=(1 2 3)
NS_HOST_PRODUCERS=(1 2)
NS_HOST_CONSUMERS=(2 3)
HOST_RELAYS_SCRIPT=$ROOT/stack/network-delay/host_relays.py
HOSTS_BOOTSTRAP=10.77.0.1:29092,10.77.0.1:29093,10.77.0.1:29094

hosts_dir() { echo "$LAB_DIR/hosts"; }
hosts_workers_file() { echo "$(hosts_dir)/workers.yml"; }
control_token_file() { echo "$LAB_DIR/control-token"; }
ns_host_name() { echo "latencylab-h$1"; }
ns_host_address() { echo "10.78.$1.2"; }
# The host an app of the hosts runs on: 2 for h2-consumer-app.
host_number() {
  local n=${1#h}
  echo "${n%%-*}"
}
hosts_running() { [[ -f $(hosts_workers_file) ]] && running_pid host-relays >/dev/null; }

# The runner's arguments for the hosts, when they run and the user named no instances of their own.
hosts_runner_args() {
  local arg
  for arg in "$@"; do
    case $arg in --workers | --workers=* | --producer | --producer=* | --consumer | --consumer=*) return 0 ;; esac
  done
  hosts_running || return 0
  printf -- '--workers\n%s\n--token-file\n%s\n' "$(hosts_workers_file)" "$(control_token_file)"
}

# A token of 32 hex digits, readable by the user the apps run as only.
write_control_token() {
  local file
  file=$(control_token_file)
  [[ -s $file ]] && return 0
  (
    umask 077
    od -An -N16 -tx1 /dev/urandom | tr -d ' \n' >"$file"
    echo >>"$file"
  )
  give_to_lab_user "$file"
}

hosts_up() {
  local skew=$1
  (($(id -u) == 0)) || die "--hosts needs root (network namespaces, veth pairs): run it with sudo (the apps then run as you), or without it"
  require_cmd ip "install iproute2 (apt-get install -y iproute2)"
  require_cmd python3 "install python3 (apt-get install -y python3)"
  if hosts_running; then
    say "namespace hosts already running ($(hosts_workers_file))"
    return 0
  fi
  local n ns
  mkdir -p "$(hosts_dir)"
  for n in "${NS_HOSTS[@]}"; do
    ns=$(ns_host_name "$n")
    # Left by a stack that was not taken down: the names are the lab's own.
    ns_exists "$ns" && ip netns del "$ns"
    ip link del "lab-h$n" 2>/dev/null || true
    ip netns add "$ns"
    ip -n "$ns" link set lo up
    ip -n "$ns" addr add 10.77.0.1/32 dev lo
    ip link add "lab-h$n" type veth peer name eth0 netns "$ns"
    ip addr add "10.78.$n.1/24" dev "lab-h$n"
    ip link set "lab-h$n" up
    ip -n "$ns" addr add "$(ns_host_address "$n")/24" dev eth0
    ip -n "$ns" link set eth0 up
    ip netns exec "$ns" sysctl -qw "net.ipv4.tcp_congestion_control=$(</proc/sys/net/ipv4/tcp_congestion_control)" ||
      warn "could not set the host's congestion control in $ns"
  done
  local relays=() id python ready=$LAB_DIR/host-relays.ready
  for n in "${NS_HOSTS[@]}"; do
    for id in "${BROKER_IDS[@]}"; do
      relays+=(--relay "$(ns_host_name "$n"):10.77.0.1:$(remote_port "$id")=host:127.0.0.1:$(remote_port "$id")")
    done
  done
  python=$(python3 -c 'import sys; print(sys.executable)') || die "python3 does not start"
  rm -f "$ready"
  start_proc host-relays "$python" "$HOST_RELAYS_SCRIPT" --ready-file "$ready" --run-as "$(wire_run_as)" "${relays[@]}"
  local deadline=$((SECONDS + 15))
  until [[ -s $ready ]]; do
    running_pid host-relays >/dev/null || die "host-relays exited: see $LOG_DIR/host-relays.out"
    ((SECONDS < deadline)) || die "host-relays not ready after 15s: see $LOG_DIR/host-relays.out"
    sleep 0.2
  done
  write_control_token
  for n in "${NS_HOST_PRODUCERS[@]}"; do start_host_app "$n" producer-app "$PRODUCER_PORT" ""; done
  for n in "${NS_HOST_CONSUMERS[@]}"; do
    if ((n == 3)) && [[ -n $skew ]]; then
      start_host_app "$n" consumer-app "$CONSUMER_PORT" "$skew"
    else
      start_host_app "$n" consumer-app "$CONSUMER_PORT" ""
    fi
  done
  write_hosts_workers
  local procs=()
  mapfile -t procs < <(hosts_procs)
  wait_healthy "${procs[@]}"
  say "namespace hosts up: $(hosts_workers_file) (token $(control_token_file))"
}

# The apps move onto the namespace hosts: the local instances and a far producer-app stop first (a
# consumer-app left here would share the group's partitions with the hosts').
apps_to_hosts() {
  local here=()
  mapfile -t here < <(running_producers)
  mapfile -t -O "${#here[@]}" here < <(running_consumers)
  if ((${#here[@]} > 0)); then
    say "moving the apps onto the namespace hosts: stopping ${here[*]}"
    stop_procs 20 "${here[@]}"
  fi
  far_down
  hosts_up "$HOST_CLOCK_SKEW"
  # Prometheus scrapes what the runner drives: the same list, written by the runner.
  runner targets --workers "$(hosts_workers_file)" --out "$LAB_DIR/prometheus/targets" >/dev/null
}

# The apps come back from the namespace hosts, if they run there.
hosts_back() {
  hosts_running || return 0
  say "moving the apps back from the namespace hosts"
  hosts_down
}

# start_host_app <host> <app> <port> <clock skew ms, or empty>
start_host_app() {
  local n=$1 app=$2 port=$3 skew=$4 jar=$PRODUCER_JAR name="h$1-$2" args=()
  args=(--server.port="$port" --lab.control.bind-address="$(ns_host_address "$n")"
    --lab.control.token-file="$(control_token_file)" --spring.kafka.bootstrap-servers="$HOSTS_BOOTSTRAP")
  if [[ $app == consumer-app ]]; then
    jar=$CONSUMER_JAR
    # Each host its own ledger, as on machines of their own.
    args+=(--lab.consumer.ledger-dir="$(hosts_dir)/h$n/ledgers" --lab.consumer.settings-file="$(hosts_dir)/$name.settings.json")
  else
    args+=(--lab.producer.payload-dir="$ROOT/scenarios/payloads")
  fi
  [[ -n $skew ]] && args+=(--lab.self-test.clock-skew-ms="$skew")
  self_test_hooks_on && args+=(--lab.self-test.enabled=true)
  mkdir -p "$(hosts_dir)/h$n"
  give_to_lab_user "$(hosts_dir)"
  local launch=()
  mapfile -t launch < <(cds_launch "$jar")
  # shellcheck disable=SC2086 # APP_JAVA_OPTS is a word list on purpose
  start_proc "$name" ip netns exec "$(ns_host_name "$n")" "${AS_LAB_USER[@]}" java $APP_JAVA_OPTS "${launch[@]}" \
    "${args[@]}" "${APP_KAFKA_ARGS[@]}"
  say "started $name in $(ns_host_name "$n") (pid $(running_pid "$name"), http://$(ns_host_address "$n"):$port, log $LOG_DIR/$name.out)"
}

write_hosts_workers() {
  local n file
  file=$(hosts_workers_file)
  {
    printf -- '---\n# The namespace hosts of scripts/lab up --local --hosts.\nproducers:\n'
    for n in "${NS_HOST_PRODUCERS[@]}"; do printf -- '  - http://%s:%s\n' "$(ns_host_address "$n")" "$PRODUCER_PORT"; done
    printf -- 'consumers:\n'
    for n in "${NS_HOST_CONSUMERS[@]}"; do printf -- '  - http://%s:%s\n' "$(ns_host_address "$n")" "$CONSUMER_PORT"; done
  } >"$file.tmp"
  mv "$file.tmp" "$file"
  give_to_lab_user "$file"
}

hosts_procs() {
  local n
  for n in "${NS_HOST_PRODUCERS[@]}"; do echo "h$n-producer-app"; done
  for n in "${NS_HOST_CONSUMERS[@]}"; do echo "h$n-consumer-app"; done
}

# Stops the hosts' apps and relays, deletes their namespaces and veth pairs, and puts Prometheus'
# targets back to the local instances.
hosts_down() {
  local procs=() n ns
  mapfile -t procs < <(hosts_procs)
  stop_procs 20 "${procs[@]}"
  stop_procs 10 host-relays
  for n in "${NS_HOSTS[@]}"; do
    ns=$(ns_host_name "$n")
    if ns_exists "$ns"; then
      ip netns del "$ns"
      say "deleted network namespace $ns"
    fi
    # Deleting the namespace deletes its end of the pair, and with it this one.
    ip link del "lab-h$n" 2>/dev/null || true
  done
  rm -f "$(hosts_workers_file)" "$LAB_DIR/host-relays.ready"
}
