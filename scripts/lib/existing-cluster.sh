# shellcheck shell=bash
# An existing cluster (scripts/lab up --local --bootstrap host:port[,...] [--client-config FILE]
# [--prometheus URL [--broker-selector MATCHERS]] [--client-jars DIR]): no brokers are started, only
# Prometheus (scraping the apps) and the apps, against the user's cluster. The Kafka client properties in
# FILE (security settings: security.protocol, sasl.mechanism, sasl.jaas.config, ssl.*) go to both apps and
# to the runner's admin client; URL is the user's Prometheus, which scrapes their brokers, where the runner
# reads the broker figures; the jars of DIR (a login module, a callback handler) go on the class path of
# the apps, the runner and compare's Kafka tools. Remembered in .lab/ until 'down', so run/sweep pass the
# same to the runner.
# Sourced, not run; needs common.sh and local-stack.sh.

existing_bootstrap_file() { echo "$LAB_DIR/bootstrap"; }
existing_config_file() { echo "$LAB_DIR/client.properties"; }
existing_prometheus_file() { echo "$LAB_DIR/broker-prometheus"; }
existing_selector_file() { echo "$LAB_DIR/broker-selector"; }
existing_jars_file() { echo "$LAB_DIR/client-jars"; }

# The user's cluster, when the stack runs against one (else nothing, status 1).
existing_bootstrap() {
  local f
  f=$(existing_bootstrap_file)
  [[ -s $f ]] && cat "$f"
}

# The folder of the user's extra client jars, when 'up --client-jars' named one (else nothing, status 1).
existing_client_jars() {
  local f
  f=$(existing_jars_file)
  [[ -s $f ]] && cat "$f"
}

# Refuses $1 unless it is a folder holding .jar files (what the JVM and Spring Boot's launcher read of it).
check_client_jars() {
  local dir=$1 jars=()
  [[ -d $dir ]] || usage_error "--client-jars: no folder '$dir'"
  mapfile -t jars < <(compgen -G "$dir/*.jar" || true)
  ((${#jars[@]} > 0)) || usage_error "--client-jars: no .jar file in '$dir'"
}

# The java arguments that start the Spring Boot jar $1 (an app's or the runner's): its unpacked copy with
# a class data archive (cds.sh), or with the user's client jars Spring Boot's PropertiesLauncher, which
# puts the jars of loader.path on the class path before the jar's own (the executable jars' JarLauncher
# takes none; an archive holds no classes a custom class loader loads).
boot_launch() {
  local jars
  if jars=$(existing_client_jars); then
    printf -- '%s\n' "-Dloader.path=$jars" -cp "$1" org.springframework.boot.loader.launch.PropertiesLauncher
  else
    cds_launch "$1"
  fi
}

# Records (or keeps) the user's cluster: $1 the bootstrap list, $2 a client properties file or empty,
# $3 the URL of the user's Prometheus (that scrapes their brokers) or empty, $4 label matchers that
# pick the brokers' series there, or empty, $5 a folder of extra client jars or empty.
use_existing_cluster() {
  local bootstrap=$1 config=$2 prometheus=${3:-} selector=${4:-} jars=${5:-}
  local list='^[-A-Za-z0-9._]+:[0-9]+(,[-A-Za-z0-9._]+:[0-9]+)*$'
  [[ $bootstrap =~ $list ]] ||
    usage_error "--bootstrap must be host:port[,host:port...], got '$bootstrap'"
  if [[ -n $config ]]; then
    [[ -f $config ]] || usage_error "--client-config: no file '$config'"
    # Properties only, each line as Java reads it (a sasl.jaas.config continued over several lines is
    # one): what both apps and Kafka's Admin read. The key ends at '=', ':' or a blank.
    local line
    while IFS= read -r line; do
      [[ $line =~ ^[A-Za-z0-9._-]+([[:space:]]*[=:]|[[:space:]]) ]] ||
        usage_error "--client-config: $config has lines that are not key=value Kafka client properties"
    done < <(properties_lines "$config")
  fi
  [[ -z $selector || -n $prometheus ]] || usage_error "--broker-selector goes with --prometheus"
  [[ -z $prometheus ]] || check_broker_prometheus "$prometheus"
  [[ -z $jars ]] || check_client_jars "$jars"
  if running_pid "$(producer_name 1)" >/dev/null && [[ $(existing_bootstrap || true) != "$bootstrap" ]]; then
    die "the apps run against $(existing_bootstrap || echo "the lab's brokers"): 'scripts/lab down' first"
  fi
  lab_dir
  printf '%s\n' "$bootstrap" >"$(existing_bootstrap_file)"
  # Secrets stay this user's: the copy is made private before anything is written to it.
  if [[ -n $config ]]; then
    (umask 077 && rm -f "$(existing_config_file)" && cp "$config" "$(existing_config_file)")
  else
    rm -f "$(existing_config_file)"
  fi
  rm -f "$(existing_prometheus_file)" "$(existing_selector_file)"
  [[ -z $prometheus ]] || printf '%s\n' "$prometheus" >"$(existing_prometheus_file)"
  [[ -z $selector ]] || printf '%s\n' "$selector" >"$(existing_selector_file)"
  # The folder by its absolute path: the runner and the apps start from other folders.
  if [[ -n $jars ]]; then
    (cd "$jars" && pwd) >"$(existing_jars_file)"
  else
    rm -f "$(existing_jars_file)"
  fi
}

# The user's Prometheus URL $1: http(s)://host[:port][/path], no user or password (it is printed and
# remembered), and answering its query API now (the runner asks it again at each run's start).
check_broker_prometheus() {
  local url=$1
  [[ $url =~ ^https?://[^/?#@[:space:]]+(/[^?#@[:space:]]*)?$ ]] ||
    usage_error "--prometheus must be http(s)://host[:port][/path] (no user, query or fragment), got '$url'"
  curl -fsS -m 10 -o /dev/null "${url%/}/api/v1/query?query=1" 2>/dev/null ||
    die "--prometheus: no Prometheus answers at $url (GET ${url%/}/api/v1/query?query=1 failed); check the URL, or leave --prometheus out (broker figures are then n/a)"
}

# Each property of a Java properties file $1 on a line of its own, as Java reads the file: a line
# ending in an odd number of backslashes goes on in the next (sasl.jaas.config often does), leading
# blanks are dropped (a continued line's too), '#' and '!' start comments, which go on no further,
# and blank lines are skipped. The text is kept as written (its escapes too).
properties_lines() {
  local line logical='' trail
  while IFS= read -r line || [[ -n $line ]]; do
    line=${line#"${line%%[![:space:]]*}"}
    [[ -z $logical && ( -z $line || $line == [#!]* ) ]] && continue
    trail=${line##*[!\\]}
    if ((${#trail} % 2 == 1)); then
      logical+=${line%\\}
      continue
    fi
    printf '%s\n' "$logical$line"
    logical=''
  done <"$1"
  # A last line that ends in a backslash goes on into nothing: Java keeps what came before.
  [[ -z $logical ]] || printf '%s\n' "$logical"
}

# The client properties for the apps, as one Spring argument naming a file: each key=value becomes
# spring.kafka.properties.<key>=<value> in .lab/client-app.properties (this user's alone), so a
# password in sasl.jaas.config never stands on a command line, which every user of the machine can
# read in ps. Each property as properties_lines reads it, the key ending at the first '=', ':' or
# blank; both files are read as Java properties.
existing_app_args() {
  local f app line key value
  f=$(existing_config_file)
  [[ -f $f ]] || return 0
  app=$LAB_DIR/client-app.properties
  (
    umask 077
    : >"$app"
    while IFS= read -r line; do
      [[ $line =~ ^([^=:[:space:]]+)[[:space:]]*[=:]?[[:space:]]*(.*)$ ]] || continue
      key=${BASH_REMATCH[1]} value=${BASH_REMATCH[2]}
      printf 'spring.kafka.properties.%s=%s\n' "$key" "$value" >>"$app"
    done < <(properties_lines "$f")
  )
  printf -- '--spring.config.import=file:%s\n' "$app"
}

# What the runner needs to reach the user's cluster: --bootstrap and --client-config, and where it
# reads the brokers' figures (--broker-prometheus, --broker-selector) unless the runner's own
# arguments ($@) name another Prometheus for them.
existing_runner_args() {
  local bootstrap
  bootstrap=$(existing_bootstrap) || return 0
  printf -- '--bootstrap\n%s\n' "$bootstrap"
  [[ -f $(existing_config_file) ]] && printf -- '--client-config\n%s\n' "$(existing_config_file)"
  case " $* " in *" --broker-prometheus "* | *" --broker-prometheus="*) return 0 ;; esac
  [[ -s $(existing_prometheus_file) ]] && printf -- '--broker-prometheus\n%s\n' "$(cat "$(existing_prometheus_file)")"
  [[ -s $(existing_selector_file) ]] && printf -- '--broker-selector\n%s\n' "$(cat "$(existing_selector_file)")"
  return 0
}

# The producer-app's arguments on the user's cluster: its load stopped at start, so nothing is
# written there before a run (or you) starts it, after a dry run could say what the run will do.
# (Its start creates lab.orders when missing and leaves an existing one as it is.)
existing_producer_args() {
  existing_bootstrap >/dev/null || return 0
  printf -- '--lab.producer.autostart=false\n'
}

# What the producer-app found of lab.orders on the user's cluster at its start (created, or left as
# it is with its partitions), as its log <file> says.
existing_topic_said() {
  local line
  line=$(grep -m 1 'LabTopicCreation' "$1" 2>/dev/null) || return 0
  line=${line#*LabTopicCreation}
  say "${line#*: }"
}

forget_existing_cluster() {
  rm -f "$(existing_bootstrap_file)" "$(existing_config_file)" "$(existing_jars_file)" "$LAB_DIR/client-app.properties" \
    "$(existing_prometheus_file)" "$(existing_selector_file)"
}
