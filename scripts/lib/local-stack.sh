# shellcheck shell=bash
# The Docker-less stack: 3 KRaft brokers (each with the JMX exporter agent),
# Prometheus, Grafana when installed, producer-app and consumer-app, all on
# 127.0.0.1 with the ports of docs/contracts.md. Sourced, not run; needs
# common.sh and procs.sh.

LC_TARGET=$ROOT/stack/local-cluster/target
LC_AGENT=$LC_TARGET/agent/jmx_prometheus_javaagent.jar
# The brokers' Kafka: the parent pom's kafka.version, built into target/, or a
# version of the user's ('up --kafka-version V'), built into target/kafka-V/.
# Each has lib/ and broker.classpath, the jars the build copied there as a
# classpath relative to its folder (lib/kafka_2.13-<version>.jar:lib/...).
PINNED_KAFKA_VERSION=$(sed -n 's|.*<kafka.version>\(.*\)</kafka.version>.*|\1|p' "$ROOT/pom.xml" | head -1)
# The version the brokers' data was formatted by (and the brokers run), kept
# with that data: every later command (broker restarts, compare's tools) uses it.
KAFKA_VERSION_FILE=$LAB_DIR/kafka.version
use_kafka_version() {
  LC_KAFKA_VERSION=$1
  if [[ $1 == "$PINNED_KAFKA_VERSION" ]]; then
    LC_BROKER=$LC_TARGET
  else
    LC_BROKER=$LC_TARGET/kafka-$1
  fi
  LC_LIB=$LC_BROKER/lib
  LC_CLASSPATH_FILE=$LC_BROKER/broker.classpath
}
# A Kafka release the local brokers can run: x.y.z, 3.4 on (KRaft, and the quorum
# tool check_controller runs, which moved to org.apache.kafka.tools in 3.4).
check_kafka_version() {
  [[ $1 =~ ^([0-9]+)\.([0-9]+)\.([0-9]+)$ ]] ||
    usage_error "--kafka-version must be a Kafka release like 3.9.1 or $PINNED_KAFKA_VERSION, got '$1'"
  local major=${BASH_REMATCH[1]} minor=${BASH_REMATCH[2]}
  ((major > 3 || (major == 3 && minor >= 4))) ||
    usage_error "--kafka-version $1: the local brokers run in KRaft mode with the quorum tool of Kafka 3.4 on"
}
if [[ -s $KAFKA_VERSION_FILE ]]; then
  use_kafka_version "$(<"$KAFKA_VERSION_FILE")"
else
  use_kafka_version "$PINNED_KAFKA_VERSION"
fi
LC_CONFIG=$ROOT/stack/local-cluster/src/main/config
JMX_RULES=$ROOT/observability/jmx-exporter/kafka-broker.yml
PROM_SRC=$ROOT/observability/prometheus
GRAFANA_PROVISIONING=$ROOT/observability/grafana/provisioning
GRAFANA_DASHBOARDS=$ROOT/observability/grafana/dashboards
# Set by resolve_app_jars (the names carry the project version).
PRODUCER_JAR=""
CONSUMER_JAR=""

BOOTSTRAP=127.0.0.1:9092,127.0.0.1:9093,127.0.0.1:9094
BROKER_IDS=(1 2 3)
PROMETHEUS_PORT=9090
GRAFANA_PORT=3000
PRODUCER_PORT=8080
CONSUMER_PORT=8081

# JVM options of brokers and apps: .env's, the ones docker-compose.yml passes to
# its containers, so both modes run the same stack.
BROKER_HEAP_OPTS=${LAB_BROKER_HEAP_OPTS:-$(env_file_value KAFKA_HEAP_OPTS)}
BROKER_JVM_OPTS=$(env_file_value KAFKA_JVM_PERFORMANCE_OPTS)
APP_JAVA_OPTS=${LAB_APP_JAVA_OPTS:-$(env_file_value LAB_APP_JAVA_OPTS)}
# Kafka client properties for the apps (an existing cluster's security settings).
APP_KAFKA_ARGS=()
# Seconds to wait for the whole stack to become healthy.
UP_TIMEOUT=${LAB_UP_TIMEOUT:-120}
# Seconds a broker gets to shut down cleanly before it is killed.
BROKER_STOP_TIMEOUT=${LAB_BROKER_STOP_TIMEOUT:-30}

# Instances of an app: producer-app on 8080, producer-app-2 on 8082, ... (each its
# own producer id, driven together by the runner); consumer-app on 8081,
# consumer-app-2 on 8083, ... (one group).
MAX_INSTANCES=8
instance_name() { if (($2 == 1)); then echo "$1"; else echo "$1-$2"; fi; }
instance_index() {
  case $1 in
    *-app) echo 1 ;;
    *-app-*) echo "${1##*-}" ;;
  esac
}
instance_port() {
  local base=$PRODUCER_PORT
  [[ $1 == consumer-app ]] && base=$CONSUMER_PORT
  echo $((base + 2 * ($2 - 1)))
}

# Running instances of app $1, in order (consumer-app, consumer-app-2, ...).
running_instances() {
  local i
  for ((i = 1; i <= MAX_INSTANCES; i++)); do
    running_pid "$(instance_name "$1" "$i")" >/dev/null && instance_name "$1" "$i"
  done
  return 0
}

# The runner's --producer or --consumer value: every running instance's URL, comma-separated.
instance_urls() {
  local name urls=()
  while read -r name; do
    urls+=("http://127.0.0.1:$(instance_port "$1" "$(instance_index "$name")")")
  done < <(running_instances "$1")
  local IFS=,
  echo "${urls[*]}"
}

consumer_name() { instance_name consumer-app "$1"; }
consumer_port() { instance_port consumer-app "$1"; }
consumer_index() { instance_index "$1"; }
running_consumers() { running_instances consumer-app; }
consumer_urls() { instance_urls consumer-app; }
# Where consumer-app instance $1 (its name) keeps the consumer settings in effect, so that
# 'consumer restart' brings it back into its group with them rather than the defaults.
consumer_settings_file() { echo "$LAB_DIR/$1.settings.json"; }
producer_name() { instance_name producer-app "$1"; }
producer_port() { instance_port producer-app "$1"; }
producer_index() { instance_index "$1"; }
running_producers() { running_instances producer-app; }
producer_urls() { instance_urls producer-app; }

broker_port() { echo $((9091 + $1)); }
controller_port() { echo $((19091 + $1)); }
remote_port() { echo $((29091 + $1)); }
jmx_port() { echo $((7070 + $1)); }

# Port a component serves (for status and busy-port checks).
component_port() {
  case $1 in
    kafka-*) broker_port "${1#kafka-}" ;;
    prometheus) echo "$PROMETHEUS_PORT" ;;
    grafana) echo "$GRAFANA_PORT" ;;
    producer-app*) producer_port "$(producer_index "$1")" ;;
    network-delay) echo 8079 ;;
    consumer-app*) consumer_port "$(consumer_index "$1")" ;;
    h[0-9]*-producer-app) echo "$PRODUCER_PORT" ;;
    h[0-9]*-consumer-app) echo "$CONSUMER_PORT" ;;
    *) echo - ;;
  esac
}

# True when the component answers as healthy.
component_healthy() {
  case $1 in
    # The client port opens once the broker has started (after it caught up
    # with the metadata log), the agent's port once the JVM runs.
    kafka-*) port_open "$(broker_port "${1#kafka-}")" && http_ok "http://127.0.0.1:$(jmx_port "${1#kafka-}")/metrics" ;;
    prometheus) http_ok "http://127.0.0.1:$PROMETHEUS_PORT/-/ready" ;;
    grafana) http_ok "http://127.0.0.1:$GRAFANA_PORT/api/health" ;;
    producer-app*) app_healthy "$(producer_port "$(producer_index "$1")")" ;;
    network-delay) http_ok "http://127.0.0.1:8079/delay" ;;
    consumer-app*) app_healthy "$(consumer_port "$(consumer_index "$1")")" ;;
    # A namespace host's app answers on its host's address (its health needs no token).
    h[0-9]*-producer-app) app_healthy "$PRODUCER_PORT" "$(ns_host_address "$(host_number "$1")")" ;;
    h[0-9]*-consumer-app) app_healthy "$CONSUMER_PORT" "$(ns_host_address "$(host_number "$1")")" ;;
    # It listens inside the hosts' namespaces only: from here, running is all there is to see.
    host-relays) running_pid host-relays >/dev/null ;;
    *) return 1 ;;
  esac
}

kafka_java() {
  "${AS_LAB_USER[@]}" java -Xmx256m -XX:TieredStopAtLevel=1 -cp "$LC_LIB/*" "$@"
}

# True when the local-cluster build's output is complete: the agent, and every
# jar its classpath file lists, Kafka's core jar (kafka_<scala>-<version>.jar,
# main class kafka.Kafka) among them.
cluster_jars_present() {
  [[ -f $LC_AGENT && -s $LC_CLASSPATH_FILE ]] || return 1
  local entry broker=0
  local -a entries
  IFS=: read -ra entries <<<"$(<"$LC_CLASSPATH_FILE")"
  for entry in "${entries[@]}"; do
    [[ -f $LC_BROKER/$entry ]] || return 1
    [[ ${entry##*/} == kafka_[0-9]*.jar ]] && broker=1
  done
  ((broker))
}

# Builds local-cluster when its jars are missing: the pinned version with the
# project; another one alone, as Maven resolves that Kafka release.
ensure_cluster_jars() {
  cluster_jars_present && return 0
  if [[ $LC_KAFKA_VERSION == "$PINNED_KAFKA_VERSION" ]]; then
    say "building local-cluster (broker and JMX exporter jars)"
    mvnw -pl stack/local-cluster -am install -DskipTests || die "building local-cluster failed: run './mvnw -pl stack/local-cluster -am install -DskipTests' to see why"
  else
    say "building the brokers' classpath of Kafka $LC_KAFKA_VERSION (once; into ${LC_BROKER#"$ROOT"/})"
    mvnw -pl stack/local-cluster package -DskipTests -Dkafka.version="$LC_KAFKA_VERSION" -Dbroker.out="$LC_BROKER" ||
      die "Kafka $LC_KAFKA_VERSION could not be resolved (is it a released version?): run './mvnw -pl stack/local-cluster package -Dkafka.version=$LC_KAFKA_VERSION -Dbroker.out=$LC_BROKER' to see why"
  fi
  cluster_jars_present || die "local-cluster jars still missing after the build: expected $LC_AGENT, and $LC_CLASSPATH_FILE listing the broker jars (kafka_<scala>-<version>.jar among them) under $LC_LIB"
}

# Sets START_APPS=1 when both app jars exist, building them when their modules
# exist; otherwise explains why the apps are skipped.
resolve_app_jars() {
  START_APPS=0
  PRODUCER_JAR=$(exec_jar producer-app) || exit
  CONSUMER_JAR=$(exec_jar consumer-app) || exit
  if jar_outdated "$PRODUCER_JAR" lab-api lab-core lab-kafka lab-app producer-app ||
    jar_outdated "$CONSUMER_JAR" lab-api lab-core lab-kafka lab-app consumer-app; then
    if [[ -f $ROOT/producer-app/pom.xml && -f $ROOT/consumer-app/pom.xml ]]; then
      say "building producer-app and consumer-app (a jar is missing or older than its sources)"
      mvnw -pl producer-app,consumer-app -am install -DskipTests || die "building the apps failed: run './mvnw -pl producer-app,consumer-app -am install -DskipTests' to see why"
    else
      say "producer-app/consumer-app modules not found: starting brokers and Prometheus only"
      return 0
    fi
  fi
  [[ -f $PRODUCER_JAR && -f $CONSUMER_JAR ]] || die "app jars still missing after the build: expected $PRODUCER_JAR and $CONSUMER_JAR"
  START_APPS=1
}

# Writes .lab/kafka-<id>/server.properties from the template.
render_broker_config() {
  local id=$1 dir=$LAB_DIR/kafka-$1 text
  mkdir -p "$dir/data" "$dir/logs"
  text=$(<"$LC_CONFIG/server.properties.template")
  text=${text//@NODE_ID@/$id}
  text=${text//@BROKER_PORT@/$(broker_port "$id")}
  text=${text//@CONTROLLER_PORT@/$(controller_port "$id")}
  text=${text//@REMOTE_PORT@/$(remote_port "$id")}
  text=${text//@LOG_DIR@/$dir/data}
  printf '%s\n' "$text" >"$dir/server.properties"
}

# Chooses the brokers' Kafka version for 'up': the one asked for, else the one
# running brokers run, else the pinned one. Data formatted by another version is
# the lab's own scratch: it is deleted (the brokers stopped) and formatted anew.
choose_kafka_version() {
  local wanted=$1 had="" id running=0
  for id in "${BROKER_IDS[@]}"; do
    running_pid "kafka-$id" >/dev/null && running=1
  done
  if [[ -s $KAFKA_VERSION_FILE ]]; then
    had=$(<"$KAFKA_VERSION_FILE")
  elif [[ -f $LAB_DIR/kafka-1/data/meta.properties ]]; then
    had=$PINNED_KAFKA_VERSION # formatted before versions were recorded: by the pinned one
  fi
  if [[ -z $wanted ]]; then
    wanted=$PINNED_KAFKA_VERSION
    ((running)) && [[ -n $had ]] && wanted=$had
  fi
  use_kafka_version "$wanted"
  if [[ -n $had && $wanted != "$had" ]]; then
    ((!running)) || die "the brokers run Kafka $had: stop the stack ('scripts/lab down') before starting Kafka $wanted"
    # Built first: a version Maven cannot resolve stops here, with the old data kept.
    ensure_cluster_jars
    say "the brokers' data was Kafka $had's: deleting it for Kafka $wanted (topics and offsets start empty)"
    for id in "${BROKER_IDS[@]}"; do
      rm -rf "$LAB_DIR/kafka-$id/data"
    done
  fi
}

# Formats each broker's storage once, all with one cluster id.
format_storage() {
  local id cluster_id pending=()
  for id in "${BROKER_IDS[@]}"; do
    render_broker_config "$id"
    [[ -f $LAB_DIR/kafka-$id/data/meta.properties ]] || pending+=("$id")
  done
  # What the brokers about to start run, on this data.
  printf '%s\n' "$LC_KAFKA_VERSION" >"$KAFKA_VERSION_FILE"
  ((${#pending[@]} > 0)) || return 0
  if [[ ! -s $LAB_DIR/cluster.id ]]; then
    kafka_java kafka.tools.StorageTool random-uuid >"$LAB_DIR/cluster.id" || die "could not generate a cluster id (kafka.tools.StorageTool random-uuid)"
  fi
  cluster_id=$(<"$LAB_DIR/cluster.id")
  say "formatting storage of broker(s) ${pending[*]} (cluster id $cluster_id)"
  # The format runs as the user the brokers run as: the folders it writes in are theirs.
  give_to_lab_user "$LAB_DIR"
  for id in "${pending[@]}"; do
    kafka_java kafka.tools.StorageTool format -t "$cluster_id" \
      -c "$LAB_DIR/kafka-$id/server.properties" >"$LOG_DIR/format-kafka-$id.out" 2>&1 ||
      die "formatting kafka-$id failed: see $LOG_DIR/format-kafka-$id.out"
  done
}

start_broker() {
  local id=$1 name=kafka-$1
  if running_pid "$name" >/dev/null; then
    say "$name already running"
    return 0
  fi
  require_free_port "$(broker_port "$id")" "$name"
  require_free_port "$(controller_port "$id")" "$name controller"
  require_free_port "$(jmx_port "$id")" "$name JMX exporter"
  require_free_port "$(remote_port "$id")" "$name far-producer listener"
  # shellcheck disable=SC2086 # the option strings are word lists on purpose
  start_proc "$name" "${AS_LAB_USER[@]}" java $BROKER_HEAP_OPTS $BROKER_JVM_OPTS \
    -Dkafka.logs.dir="$LAB_DIR/$name/logs" \
    -Dlog4j2.configurationFile="$LC_CONFIG/log4j2.xml" \
    -javaagent:"$LC_AGENT=127.0.0.1:$(jmx_port "$id"):$JMX_RULES" \
    -cp "$LC_LIB/*" kafka.Kafka "$LAB_DIR/$name/server.properties"
  say "started $name (pid $(running_pid "$name"), log $LAB_DIR/$name/logs/server.log)"
}

start_prometheus() {
  local dir=$LAB_DIR/prometheus
  # prometheus.yml reads targets/*.yml next to itself: here the local targets.
  mkdir -p "$dir/data"
  cp "$PROM_SRC/prometheus.yml" "$dir/prometheus.yml"
  # A real folder (an earlier version linked the shared one): the consumer
  # targets are written per the instances running.
  [[ -L $dir/targets ]] && rm -f "$dir/targets"
  mkdir -p "$dir/targets"
  cp "$PROM_SRC/targets/local/producer-app.yml" "$dir/targets/"
  if existing_bootstrap >/dev/null; then
    rm -f "$dir/targets/kafka.yml"
  else
    cp "$PROM_SRC/targets/local/kafka.yml" "$dir/targets/"
  fi
  [[ -f $dir/targets/consumer-app.yml ]] || cp "$PROM_SRC/targets/local/consumer-app.yml" "$dir/targets/"
  local pid
  if pid=$(running_pid prometheus); then
    # Pick up a changed prometheus.yml without a restart: SIGHUP to our own pid. Not its HTTP
    # lifecycle API, which is off because any web page could POST /-/quit to it.
    kill -HUP "$pid"
    say "prometheus already running (config reloaded)"
    return 0
  fi
  require_free_port "$PROMETHEUS_PORT" prometheus
  start_proc prometheus "${AS_LAB_USER[@]}" prometheus \
    --config.file="$dir/prometheus.yml" \
    --storage.tsdb.path="$dir/data" \
    --web.listen-address="127.0.0.1:$PROMETHEUS_PORT"
  say "started prometheus (pid $(running_pid prometheus))"
}

# Grafana is optional here (no Debian package): started only when installed.
grafana_cmd() {
  if command -v grafana >/dev/null; then
    echo grafana server
  elif command -v grafana-server >/dev/null; then
    echo grafana-server
  fi
}

# The admin password for the local Grafana (local_grafana_admin_password). Grafana
# sets it only when it makes its database: a database from before the lab made
# one per stack still has the one .env used to hold, so it is moved aside, once,
# and Grafana makes a new one (the lab's dashboards are provisioned again; the
# snapshots it held are files in results/ too).
local_grafana_password() {
  local data=$LAB_DIR/grafana/data aside
  if [[ -z ${GRAFANA_ADMIN_PASSWORD:-} && ! -e $LAB_DIR/grafana-admin-password && -e $data/grafana.db ]]; then
    aside=$data.before-$(date +%Y%m%dT%H%M%S)
    mv "$data" "$aside"
    warn "grafana: its database was made with the admin password .env used to hold: moved to $aside; a new one gets the password in $LAB_DIR/grafana-admin-password"
  fi
  local_grafana_admin_password
}

start_grafana() {
  local cmd home=/usr/share/grafana
  cmd=$(grafana_cmd)
  if [[ -z $cmd ]]; then
    say "grafana not installed: skipping it (dashboards need Grafana; Prometheus works without)"
    return 0
  fi
  [[ -d $GRAFANA_PROVISIONING ]] || { say "no $GRAFANA_PROVISIONING yet: skipping grafana"; return 0; }
  if running_pid grafana >/dev/null; then
    say "grafana already running"
    return 0
  fi
  if port_open "$GRAFANA_PORT"; then
    warn "port $GRAFANA_PORT is in use by another process: skipping grafana (the lab works without it)"
    return 0
  fi
  local password
  password=$(local_grafana_password) || exit
  mkdir -p "$LAB_DIR/grafana/data" "$LAB_DIR/grafana/logs"
  local -a args=()
  [[ -d $home ]] && args=(--homepath "$home")
  # Provisioning files are shared with compose; what differs between the modes
  # (Prometheus URL, dashboards folder) reaches them through the environment.
  # The rest mirrors the grafana service of docker-compose.yml. The password
  # goes through the environment alone: env's arguments are on its command
  # line, which every user of the machine can read in ps. The data folder is also an argument (the
  # value GF_PATHS_DATA gives): the command line names .lab, as the lab checks before it signals it.
  # shellcheck disable=SC2086 # "grafana server" is a command and its argument
  GF_SECURITY_ADMIN_PASSWORD=$password start_proc grafana "${AS_LAB_USER[@]}" env \
    GF_PATHS_PROVISIONING="$GRAFANA_PROVISIONING" \
    GF_PATHS_DATA="$LAB_DIR/grafana/data" \
    GF_PATHS_LOGS="$LAB_DIR/grafana/logs" \
    GF_SERVER_HTTP_ADDR=127.0.0.1 \
    GF_SERVER_HTTP_PORT="$GRAFANA_PORT" \
    GF_AUTH_ANONYMOUS_ENABLED=true \
    GF_AUTH_ANONYMOUS_ORG_ROLE=Viewer \
    GF_USERS_ALLOW_SIGN_UP=false \
    GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH="$GRAFANA_DASHBOARDS/lab-overview.json" \
    GF_ANALYTICS_REPORTING_ENABLED=false \
    GF_ANALYTICS_CHECK_FOR_UPDATES=false \
    GF_ANALYTICS_CHECK_FOR_PLUGIN_UPDATES=false \
    GF_NEWS_NEWS_FEED_ENABLED=false \
    GF_PLUGINS_PREINSTALL_DISABLED=true \
    LAB_PROMETHEUS_URL="http://127.0.0.1:$PROMETHEUS_PORT" \
    LAB_DASHBOARDS_DIR="$GRAFANA_DASHBOARDS" \
    $cmd "${args[@]}" "cfg:default.paths.data=$LAB_DIR/grafana/data"
  say "started grafana (pid $(running_pid grafana))"
}

start_app() {
  local name=$1 jar=$2 port=$3
  shift 3
  if running_pid "$name" >/dev/null; then
    say "$name already running${1:+ (restart it to apply $*)}"
    return 0
  fi
  require_free_port "$port" "$name"
  local hooks=()
  self_test_hooks_on && hooks=(--lab.self-test.enabled=true)
  # The group's offset ledger: in the lab's own folder (this user's alone), never a shared /tmp.
  [[ $name == consumer-app* ]] && hooks+=(--lab.consumer.ledger-dir="$LAB_DIR/ledgers")
  [[ $name == consumer-app* ]] && hooks+=(--lab.consumer.settings-file="$(consumer_settings_file "$name")")
  # The one folder a payloadFile may be read from, wherever the lab was started from.
  [[ $name == producer-app* ]] && hooks+=(--lab.producer.payload-dir="$ROOT/scenarios/payloads")
  local launch=()
  mapfile -t launch < <(boot_launch "$jar")
  # shellcheck disable=SC2086 # APP_JAVA_OPTS is a word list on purpose
  start_proc "$name" "${AS_LAB_USER[@]}" java $APP_JAVA_OPTS "${launch[@]}" \
    --server.port="$port" --spring.kafka.bootstrap-servers="$BOOTSTRAP" "${APP_KAFKA_ARGS[@]}" "${hooks[@]}" "$@"
  say "started $name (pid $(running_pid "$name"), log $LOG_DIR/$name.out)"
}

# Starts instances 1..n of app $1 (those not running; $2 = n, empty: as many as
# run, at least one) and stops any above n; more arguments go to each instance.
# A consumer-app instance started here starts from the default settings: what an
# earlier one of its name kept is forgotten ('consumer restart' keeps it).
start_instances() {
  local app=$1 n=$2 jar i name extra=()
  shift 2
  jar=$PRODUCER_JAR
  [[ $app == consumer-app ]] && jar=$CONSUMER_JAR
  if [[ -z $n ]]; then
    n=$(running_instances "$app" | wc -l)
    ((n > 0)) || n=1
  fi
  for ((i = 1; i <= n; i++)); do
    name=$(instance_name "$app" "$i")
    if [[ $app == consumer-app ]] && ! running_pid "$name" >/dev/null; then
      rm -f -- "$(consumer_settings_file "$name")"
    fi
    start_app "$name" "$jar" "$(instance_port "$app" "$i")" "$@"
  done
  for ((i = n + 1; i <= MAX_INSTANCES; i++)); do
    name=$(instance_name "$app" "$i")
    running_pid "$name" >/dev/null && extra+=("$name")
  done
  if ((${#extra[@]} > 0)); then
    say "stopping ${extra[*]} (--${app%-app}s $n)"
    stop_procs 20 "${extra[@]}"
  fi
  write_targets "$app"
}
start_producers() { start_instances producer-app "$@"; }
start_consumers() { start_instances consumer-app "$@"; }

# Writes Prometheus' targets of app $1: one per instance running, each with its
# member label, named the same way in both modes (dashboards never use instance);
# file_sd picks the change up without a reload. A far producer-app is reached
# through the relay on 8080. Two restarts at once (a scenario's steps) write the
# same file: under a lock, so each lists what runs and neither loses its temp file.
write_targets() {
  local app=$1 file=$LAB_DIR/prometheus/targets/$1.yml
  [[ -d ${file%/*} ]] || return 0
  (
    flock 9
    write_targets_file "$app" "$file"
  ) 9>>"${file%.yml}.lock"
}

write_targets_file() {
  local app=$1 file=$2 name any=0
  {
    printf -- '---\n# Local mode: the %s instances scripts/lab started.\n' "$app"
    while read -r name; do
      any=1
      printf -- '- targets: [127.0.0.1:%s]\n  labels:\n    app: %s\n    member: %s\n' \
        "$(instance_port "$app" "$(instance_index "$name")")" "$app" "$name"
    done < <(running_instances "$app")
    ((any)) || printf -- '- targets: [127.0.0.1:%s]\n  labels:\n    app: %s\n    member: %s\n' \
      "$(instance_port "$app" 1)" "$app" "$app"
  } >"$file.tmp"
  mv "$file.tmp" "$file"
}

# Waits until every named component is healthy; fails fast when one dies.
wait_healthy() {
  local deadline=$((SECONDS + UP_TIMEOUT)) name pending
  local -a todo=("$@")
  while ((${#todo[@]} > 0)); do
    pending=()
    for name in "${todo[@]}"; do
      if ! running_pid "$name" >/dev/null; then
        warn "$name stopped while starting; last lines of its output:"
        tail -n 15 "$LOG_DIR/$name.out" >&2 || true
        die "$name failed to start (logs under $LAB_DIR): fix it, then 'scripts/lab up' again"
      fi
      component_healthy "$name" || pending+=("$name")
    done
    todo=("${pending[@]}")
    ((${#todo[@]} == 0)) && break
    ((SECONDS < deadline)) || die "not healthy after ${UP_TIMEOUT}s: ${todo[*]} (logs under $LAB_DIR; raise LAB_UP_TIMEOUT on a slow machine)"
    sleep 0.25
  done
}

# The brokers' client ports are open; ask who leads. The lab's own brokers say it
# in their metrics (the active controller's ActiveControllerCount is 1), which
# takes a curl; otherwise, or when none says it yet, the quorum itself answers
# (one small JVM with Kafka's own tool, 5-25 s on a busy 2-core machine).
check_controller() {
  local out leader
  if ! existing_bootstrap >/dev/null && leader=$(controller_in_metrics); then
    say "cluster has an active controller: node $leader"
    return 0
  fi
  out=$(kafka_java org.apache.kafka.tools.MetadataQuorumCommand \
    --bootstrap-server "$BOOTSTRAP" describe --status 2>&1) ||
    die "the cluster has no controller quorum yet: $(tail -n 1 <<<"$out")"
  leader=$(sed -n 's/^LeaderId:[[:space:]]*\([0-9-]*\).*/\1/p' <<<"$out")
  [[ $leader =~ ^[0-9]+$ ]] || die "the cluster has no active controller: $out"
  say "cluster has an active controller: node $leader"
}

# The id of the lab's broker whose metrics say it is the active controller; fails when none does.
controller_in_metrics() {
  local id body
  for id in "${BROKER_IDS[@]}"; do
    body=$(http_get "http://127.0.0.1:$(jmx_port "$id")/metrics") || continue
    if grep -Eq '^kafka_controller_kafkacontroller_activecontrollercount 1(\.0)?$' <<<"$body"; then
      echo "$id"
      return 0
    fi
  done
  return 1
}

# Waits until the producer-app reports acknowledged records. Fails (so the
# caller falls back to asking the quorum) when its load is stopped.
wait_acked() {
  local deadline=$((SECONDS + UP_TIMEOUT)) body
  while ((SECONDS < deadline)); do
    body=$(http_get "http://127.0.0.1:$PRODUCER_PORT/actuator/producer") || body=""
    if [[ $body =~ \"acked\":([0-9]+) ]] && ((BASH_REMATCH[1] > 0)); then
      say "cluster accepts writes: ${BASH_REMATCH[1]} records acknowledged by 2+ replicas"
      return 0
    fi
    [[ $body == *'"running":false'* ]] && return 1
    sleep 0.25
  done
  die "producer-app has no acknowledged record after ${UP_TIMEOUT}s: see $LOG_DIR/producer-app.out and the broker logs under $LAB_DIR"
}

# Prints total RSS of every process we started, in MiB.
total_rss_mib() {
  local name pid total=0
  while read -r name; do
    pid=$(running_pid "$name") || continue
    total=$((total + $(rss_kib "$pid")))
  done < <(known_procs)
  echo $((total / 1024))
}

# Checks every port before anything starts, so a busy port does not leave
# half a stack running.
preflight_ports() {
  local with_apps=$1 id
  for id in "${BROKER_IDS[@]}"; do
    existing_bootstrap >/dev/null && break
    running_pid "kafka-$id" >/dev/null && continue
    require_free_port "$(broker_port "$id")" "kafka-$id"
    require_free_port "$(controller_port "$id")" "kafka-$id controller"
    require_free_port "$(jmx_port "$id")" "kafka-$id JMX exporter"
    require_free_port "$(remote_port "$id")" "kafka-$id far-producer listener"
  done
  running_pid prometheus >/dev/null || require_free_port "$PROMETHEUS_PORT" prometheus
  if ((with_apps)); then
    running_pid producer-app >/dev/null || require_free_port "$PRODUCER_PORT" producer-app
    local i
    for ((i = 1; i <= ${CONSUMERS:-1}; i++)); do
      running_pid "$(consumer_name "$i")" >/dev/null || require_free_port "$(consumer_port "$i")" "$(consumer_name "$i")"
    done
  fi
  return 0
}

local_up() {
  local partitions=$1 with_apps=$2 missing=() commands=()
  # A fresh machine: install the system packages the local stack runs on (a JDK, Prometheus, curl,
  # a Maven for the wrapper to fetch its own with), and only those, saying which first; without root,
  # through sudo only when the user says so (install_packages), else this stops with the apt-get line.
  mapfile -t commands < <(local_commands)
  mapfile -t missing < <(missing_packages "${commands[@]}")
  if ((${#missing[@]} > 0)); then
    say "local mode needs: ${missing[*]}"
    install_packages "${missing[@]}"
    # Debian's prometheus package may have started its own service on the lab's port.
    stop_system_prometheus
  fi
  require_java17
  require_cmd curl "install curl (apt-get install -y curl)"
  require_cmd setsid "install util-linux"
  require_cmd prometheus "install Prometheus (Debian/Ubuntu: apt-get install -y prometheus, or run 'scripts/lab setup')"
  lab_dir
  if existing_bootstrap >/dev/null; then
    [[ -z $KAFKA_VERSION ]] || die "--kafka-version picks the lab's own brokers' version; this stack runs against an existing cluster ($(existing_bootstrap)): 'scripts/lab down' first"
  else
    choose_kafka_version "$KAFKA_VERSION"
  fi
  ensure_cluster_jars
  START_APPS=0
  ((with_apps)) && resolve_app_jars
  lab_dir
  mkdir -p "$PID_DIR" "$LOG_DIR"
  # The lab's state (the consumer's ledger among it) is this user's alone.
  chmod go-rwx "$LAB_DIR"
  preflight_ports "$START_APPS"

  local t0 external=""
  t0=$(now_ms)
  local id brokers=()
  if external=$(existing_bootstrap); then
    # The user's cluster: no brokers of ours, the apps connect there.
    BOOTSTRAP=$external
    mapfile -t APP_KAFKA_ARGS < <(existing_app_args)
    say "existing cluster: $BOOTSTRAP (no brokers started; broker metrics are not scraped)"
  else
    format_storage
    for id in "${BROKER_IDS[@]}"; do
      start_broker "$id"
      brokers+=("kafka-$id")
    done
  fi
  start_prometheus
  local others=(prometheus)
  start_grafana
  running_pid grafana >/dev/null && others+=(grafana)

  if ((${#brokers[@]} > 0)); then
    wait_healthy "${brokers[@]}"
    say "brokers answer after $(( ($(now_ms) - t0) / 1000 ))s"
  fi

  # The apps start once the brokers listen (the producer-app creates the topic
  # at start-up). Acknowledged records then prove what a controller check
  # would (topic created, acks=all met); without the apps a small Kafka tool
  # asks the quorum instead.
  if ((START_APPS)); then
    local producer_args=()
    [[ -n $partitions ]] && producer_args+=(--lab.producer.partitions="$partitions")
    mapfile -t -O "${#producer_args[@]}" producer_args < <(existing_producer_args)
    # The namespace hosts stay until 'down', or until 'up' is told where else the apps run.
    if [[ $NS_HOSTS_UP == 1 ]] || { hosts_running && [[ -z $FAR_PRODUCER$PRODUCERS$CONSUMERS ]]; }; then
      apps_to_hosts
    elif [[ $FAR_PRODUCER == 1 ]]; then
      hosts_back
      start_far_producer "${producer_args[@]}"
    else
      hosts_back
      if [[ $FAR_PRODUCER == 0 ]] && producer_is_far; then
        say "moving producer-app back next to the brokers"
        stop_procs 20 producer-app
        far_down
      fi
      start_producers "$PRODUCERS" "${producer_args[@]}"
    fi
    hosts_running || start_consumers "$CONSUMERS"
    mapfile -t -O "${#others[@]}" others < <(running_producers)
    mapfile -t -O "${#others[@]}" others < <(running_consumers)
    wait_healthy "${others[@]}"
    if hosts_running; then
      check_controller
    elif [[ -n $external ]]; then
      existing_topic_said "$LOG_DIR/$(producer_name 1).out"
      say "producer-app sends nothing until a run starts it: 'scripts/lab run <scenario> --dry-run' shows what a run would do"
    else
      wait_acked || check_controller
    fi
  else
    check_controller
    wait_healthy "${others[@]}"
  fi
  local took=$(( $(now_ms) - t0 ))

  say "stack healthy in $((took / 1000)).$(printf '%03d' $((took % 1000)))s; total RSS $(total_rss_mib) MiB"
  say "brokers:     $BOOTSTRAP (metrics :7071-7073/metrics)"
  say "prometheus:  http://127.0.0.1:$PROMETHEUS_PORT"
  running_pid grafana >/dev/null && say "grafana:     http://127.0.0.1:$GRAFANA_PORT"
  if ((START_APPS)); then
    local name
    while read -r name; do
      say "producer:    http://127.0.0.1:$(producer_port "$(producer_index "$name")")/actuator/producer ($name)"
    done < <(running_producers)
    while read -r name; do
      say "consumer:    http://127.0.0.1:$(consumer_port "$(consumer_index "$name")")/actuator/latency ($name)"
    done < <(running_consumers)
  fi
  say "logs:        $LAB_DIR (stop with 'scripts/lab down')"
}

local_running() {
  local name
  while read -r name; do
    running_pid "$name" >/dev/null && return 0
  done < <(known_procs)
  return 1
}

# Whether a whole local stack runs: every process the lab started still does, a producer-app and a
# consumer-app among them (or the namespace hosts, whose apps have pid files of their own names).
# 'up' then starts nothing; on a part of a stack it would start the rest.
local_whole() {
  local name
  while read -r name; do
    running_pid "$name" >/dev/null || return 1
  done < <(known_procs)
  hosts_running || [[ -n $(running_producers) && -n $(running_consumers) ]]
}

# The apps' self-test hooks (POST /actuator/selftest) are on for the apps
# started while $LAB_DIR/self-test exists: 'up --self-test' makes it (1), a
# plain 'up' removes it once no app runs (0), 'down' always.
self_test_hooks() {
  if (($1)); then
    lab_dir
    : >"$LAB_DIR/self-test"
  elif [[ -z $(running_consumers) && -z $(running_producers) ]]; then
    rm -f "$LAB_DIR/self-test"
  fi
}
self_test_hooks_on() { [[ -f $LAB_DIR/self-test ]]; }

# Sends process $1 (and its process group) SIGKILL or SIGTERM ($2) by its pid
# file and waits at most $3 s until it is gone.
signal_and_wait() {
  local name=$1 signal=$2 timeout=$3 pid deadline
  if ! pid=$(running_pid "$name"); then
    say_refusal "$name" "$PID_DIR/$name.pid"
    die "$name is not running (nothing to signal)"
  fi
  signal_lab_proc "$signal" "$pid"
  deadline=$((SECONDS + timeout))
  while [[ -d /proc/$pid ]]; do
    ((SECONDS < deadline)) || die "$name (pid $pid) still runs ${timeout}s after SIG$signal"
    sleep 0.1
  done
  say "SIG$signal: $name (pid $pid) is gone"
}

# Consumer-app instance $2 SIGKILLed (kill), SIGTERMed and gone (stop: it leaves its
# group cleanly), or started again and healthy (restart), with the settings it had
# (its settings file, kept across both).
local_consumer() {
  local action=$1 name
  name=$(consumer_name "$2")
  case $action in
    kill) signal_and_wait "$name" KILL 10 ;;
    stop) signal_and_wait "$name" TERM 45 ;; # Spring's graceful shutdown may take 30 s
    restart)
      ! existing_bootstrap >/dev/null || die "consumer restart: not against an existing cluster (--bootstrap)"
      resolve_app_jars
      start_app "$name" "$CONSUMER_JAR" "$(consumer_port "$2")"
      wait_healthy "$name"
      write_targets consumer-app
      ;;
    *) die "consumer: unknown action '$action' (kill, stop or restart)" ;;
  esac
}

local_down() {
  local purge=$1 name rest=()
  if [[ -d $PID_DIR ]]; then
    local consumers=()
    mapfile -t consumers < <(running_consumers)
    local producer_names=()
    mapfile -t producer_names < <(running_producers)
    stop_procs 20 "${producer_names[@]}" "${consumers[@]}"
    # The delay wire and the namespaces of a far producer-app, and the namespace hosts, if any.
    if command -v ip >/dev/null; then
      far_down
      hosts_down
    fi
    forget_existing_cluster
    stop_procs 10 grafana
    stop_procs 10 prometheus
    stop_procs "$BROKER_STOP_TIMEOUT" kafka-3 kafka-2 kafka-1
    # Anything else with a pid file (a name from another version of this script).
    while read -r name; do rest+=("$name"); done < <(known_procs)
    ((${#rest[@]} == 0)) || stop_procs 10 "${rest[@]}"
  fi
  rm -f "$LAB_DIR/self-test"
  # A stopped stack forgets its consumers' settings: the next one starts from the defaults.
  rm -f -- "$LAB_DIR"/consumer-app*.settings.json
  say "local stack stopped"
  if ((purge)); then
    [[ $LAB_DIR == */.lab && -d $LAB_DIR ]] || die "refusing to purge '$LAB_DIR' (not a .lab folder)"
    rm -rf "$LAB_DIR"
    say "removed $LAB_DIR (broker data, Prometheus data, logs)"
  fi
}

local_status() {
  local name pid port health rss why any=0
  printf '%-16s %-8s %-6s %-9s %s\n' NAME PID PORT RSS_MIB HEALTH
  local consumers=() producer_names=()
  mapfile -t consumers < <(running_consumers)
  ((${#consumers[@]} > 0)) || consumers=(consumer-app)
  mapfile -t producer_names < <(running_producers)
  ((${#producer_names[@]} > 0)) || producer_names=(producer-app)
  local host_procs=()
  mapfile -t host_procs < <(hosts_procs)
  for name in kafka-1 kafka-2 kafka-3 prometheus grafana "${producer_names[@]}" "${consumers[@]}" network-delay \
    "${host_procs[@]}" host-relays; do
    port=$(component_port "$name")
    if pid=$(running_pid "$name"); then
      any=1
      rss=$(($(rss_kib "$pid") / 1024))
      if component_healthy "$name"; then health=healthy; else health=unhealthy; fi
    else
      [[ -f $PID_DIR/$name.pid ]] || continue
      pid=- rss=- health="not running (stale pid file)"
      why=$(lab_proc_refusal "$PID_DIR/$name.pid") && health="not the lab's process: $why"
    fi
    [[ $name == h[0-9]*-*-app && $health == healthy ]] && health="healthy at $(ns_host_address "$(host_number "$name")")"
    printf '%-16s %-8s %-6s %-9s %s\n' "$name" "$pid" "$port" "$rss" "$health"
  done
  if ((any)); then
    say "total RSS $(total_rss_mib) MiB"
  else
    say "local stack not running"
  fi
}

# local_broker kill|stop|restart <id>: a fault step of a scenario (the runner calls
# 'scripts/lab broker'). kill sends SIGKILL and returns once the process is gone;
# stop sends SIGTERM (a clean shutdown) and waits for it; restart starts the
# broker again with its data and returns once it listens.
local_broker() {
  local action=$1 id=$2 name=kafka-$2 deadline
  case $action in
    kill) signal_and_wait "$name" KILL "$BROKER_STOP_TIMEOUT" ;;
    stop) signal_and_wait "$name" TERM "$BROKER_STOP_TIMEOUT" ;;
    restart)
      [[ -f $LAB_DIR/$name/server.properties ]] || die "$name was never started here: run 'scripts/lab up' first"
      start_broker "$id"
      deadline=$((SECONDS + UP_TIMEOUT))
      until port_open "$(broker_port "$id")"; do
        running_pid "$name" >/dev/null || die "$name exited while starting: see $LAB_DIR/$name/logs/server.log"
        ((SECONDS < deadline)) || die "$name not listening after ${UP_TIMEOUT}s"
        sleep 0.2
      done
      ;;
    *) die "broker: unknown action '$action' (kill, stop or restart)" ;;
  esac
}
