# shellcheck shell=bash
# A producer-app far away (scripts/lab up --local --far-producer): it runs in a network
# namespace the lab makes (latencylab-far), joined to another (latencylab-near) by the lab's
# delay wire (stack/network-delay/delay_wire.py: two TUN devices and a process that holds every
# packet for half the round-trip time each way; netem on a veth pair where the kernel has it).
# In latencylab-near a relay forwards the brokers' REMOTE listeners (10.77.0.1:2909N) to
# 127.0.0.1:2909N, and on the host a relay forwards 127.0.0.1:8080 to the producer-app's HTTP
# port, so the runner and Prometheus reach it as before. Nothing is added to the host's own
# interfaces; 'scripts/lab down' deletes both namespaces. Needs root for the namespaces and the wire's
# set-up only: the wire then runs as wire_run_as, and under sudo the producer-app itself runs as SUDO_USER
# (AS_LAB_USER, common.sh).
# Sourced, not run; needs common.sh, procs.sh and local-stack.sh.

NEAR_NS=latencylab-near
FAR_NS=latencylab-far
WIRE_SCRIPT=$ROOT/stack/network-delay/delay_wire.py
WIRE_PORT=8079
FAR_BOOTSTRAP=10.77.0.1:29092,10.77.0.1:29093,10.77.0.1:29094
# Like the brokers' socket.receive.buffer.bytes (Kafka's default), for the relay that stands
# where the far producer's connections end.
RELAY_RCVBUF=102400
FAR_MARKER_NAME=far-producer

far_marker() { echo "$LAB_DIR/$FAR_MARKER_NAME"; }
producer_is_far() { [[ -f $(far_marker) ]] && running_pid producer-app >/dev/null; }

ns_exists() { ip netns list 2>/dev/null | awk '{ print $1 }' | grep -qx "$1"; }

# netem where the kernel has it (most distributions' kernels), else the TUN wire.
delay_mechanism() {
  local probe=latencylab-probe mechanism=tun-wire
  ns_exists "$probe" && ip netns del "$probe"
  ip netns add "$probe"
  ip -n "$probe" link set lo up
  if ip netns exec "$probe" tc qdisc add dev lo root netem delay 1ms 2>/dev/null; then
    mechanism=netem
  fi
  ip netns del "$probe"
  echo "$mechanism"
}

# UID:GID the delay wire becomes once its devices and listeners exist: the user who typed sudo, or nobody
# when root acts for no one (root's own uid would be no drop; nobody owns nothing the wire could reach).
wire_run_as() {
  if [[ -n $LAB_USER ]]; then
    printf '%s:%s\n' "$(id -u "$LAB_USER")" "$(id -g "$LAB_USER")"
  else
    printf '%s:%s\n' "$NOBODY_UID" "$NOBODY_GID"
  fi
}

far_up() {
  (($(id -u) == 0)) || die "--far-producer needs root (network namespaces, /dev/net/tun, tc): run it with sudo (the rest of the stack then runs as you), or without it"
  require_cmd ip "install iproute2 (apt-get install -y iproute2)"
  require_cmd python3 "install python3 (apt-get install -y python3)"
  [[ -f $WIRE_SCRIPT ]] || die "no $WIRE_SCRIPT"
  if running_pid network-delay >/dev/null; then
    say "network-delay already running"
    return 0
  fi
  local ns mechanism ready=$LAB_DIR/network-delay.ready
  for ns in "$NEAR_NS" "$FAR_NS"; do
    # Left by a stack that was not taken down: the names are the lab's own.
    ns_exists "$ns" && ip netns del "$ns"
    ip netns add "$ns"
    ip -n "$ns" link set lo up
    # The host's congestion control, whatever a new namespace would default to.
    ip netns exec "$ns" sysctl -qw "net.ipv4.tcp_congestion_control=$(</proc/sys/net/ipv4/tcp_congestion_control)" ||
      warn "could not set the host's congestion control in $ns"
  done
  mechanism=$(delay_mechanism)
  require_free_port "$WIRE_PORT" network-delay
  require_free_port "$PRODUCER_PORT" "producer-app relay"
  local relays=() id
  for id in "${BROKER_IDS[@]}"; do
    relays+=(--relay "$NEAR_NS:10.77.0.1:$(remote_port "$id")=host:127.0.0.1:$(remote_port "$id")/$RELAY_RCVBUF")
  done
  relays+=(--relay "host:127.0.0.1:$PRODUCER_PORT=$FAR_NS:127.0.0.1:$PRODUCER_PORT")
  rm -f "$ready"
  # The interpreter itself, not a shim (pyenv's python3 is a script that execs others): the pid file records
  # the command that runs, and a pid is signalled only while its command line is that one.
  local python
  python=$(python3 -c 'import sys; print(sys.executable)') || die "python3 does not start"
  start_proc network-delay "$python" "$WIRE_SCRIPT" --near-ns "$NEAR_NS" --far-ns "$FAR_NS" \
    --mechanism "$mechanism" --control-port "$WIRE_PORT" --ready-file "$ready" --run-as "$(wire_run_as)" "${relays[@]}"
  local deadline=$((SECONDS + 15))
  until [[ -s $ready ]]; do
    running_pid network-delay >/dev/null || die "network-delay exited: see $LOG_DIR/network-delay.out"
    ((SECONDS < deadline)) || die "network-delay not ready after 15s: see $LOG_DIR/network-delay.out"
    sleep 0.2
  done
  say "started network-delay ($mechanism, pid $(running_pid network-delay)): set the round trip with 'scripts/lab delay <ms>'"
}

start_far_producer() {
  if running_pid producer-app >/dev/null; then
    if producer_is_far; then
      say "producer-app already running far away"
      return 0
    fi
    say "moving producer-app behind the delay wire"
    stop_procs 20 producer-app
  fi
  far_up
  local launch=()
  mapfile -t launch < <(cds_launch "$PRODUCER_JAR")
  # shellcheck disable=SC2086 # APP_JAVA_OPTS is a word list on purpose
  start_proc producer-app ip netns exec "$FAR_NS" "${AS_LAB_USER[@]}" java $APP_JAVA_OPTS "${launch[@]}" \
    --server.address=127.0.0.1 --server.port="$PRODUCER_PORT" --spring.kafka.bootstrap-servers="$FAR_BOOTSTRAP" \
    --lab.producer.payload-dir="$ROOT/scenarios/payloads" "$@"
  touch "$(far_marker)"
  say "started producer-app in $FAR_NS (pid $(running_pid producer-app), brokers $FAR_BOOTSTRAP, log $LOG_DIR/producer-app.out)"
}

# Stops the wire and deletes the namespaces (the producer-app must be stopped first).
far_down() {
  stop_procs 10 network-delay
  local ns
  for ns in "$FAR_NS" "$NEAR_NS"; do
    if ns_exists "$ns"; then
      ip netns del "$ns"
      say "deleted network namespace $ns"
    fi
  done
  rm -f "$(far_marker)" "$LAB_DIR/network-delay.ready"
}

# scripts/lab delay <rtt ms> [jitter ms] [loss %]: the round trip the wire adds, live.
far_delay() {
  local rtt=$1 jitter=${2:-0} loss=${3:-0} answer
  running_pid network-delay >/dev/null || die "no delay wire runs: start the stack with 'scripts/lab up --local --far-producer'"
  answer=$(curl -sS --max-time 5 -X POST -H 'Content-Type: application/json' -w '\n%{http_code}' \
    -d "{\"rttMs\": $rtt, \"jitterMs\": $jitter, \"lossPercent\": $loss}" \
    "http://127.0.0.1:$WIRE_PORT/delay") || die "the delay wire did not answer on 127.0.0.1:$WIRE_PORT"
  # The status is the last line: an answer other than 200 is a refusal, said as the wire said it.
  [[ ${answer##*$'\n'} == 200 ]] || die "the delay wire refused the delay (HTTP ${answer##*$'\n'}): ${answer%$'\n'*}"
  printf '%s\n' "${answer%$'\n'*}"
}
