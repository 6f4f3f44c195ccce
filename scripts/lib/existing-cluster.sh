# shellcheck shell=bash
# An existing cluster (scripts/lab up --local --bootstrap host:port[,...] [--client-config FILE]):
# no brokers are started, only Prometheus (scraping the apps) and the apps, against the user's
# cluster. The Kafka client properties in FILE (security settings: security.protocol,
# sasl.mechanism, sasl.jaas.config, ssl.*) go to both apps and to the runner's admin client.
# Remembered in .lab/ until 'down', so run/sweep pass the same to the runner.
# Sourced, not run; needs common.sh and local-stack.sh.

existing_bootstrap_file() { echo "$LAB_DIR/bootstrap"; }
existing_config_file() { echo "$LAB_DIR/client.properties"; }

# The user's cluster, when the stack runs against one (else nothing, status 1).
existing_bootstrap() {
  local f
  f=$(existing_bootstrap_file)
  [[ -s $f ]] && cat "$f"
}

# Records (or keeps) the user's cluster: $1 the bootstrap list, $2 a client properties file or empty.
use_existing_cluster() {
  local bootstrap=$1 config=$2
  local list='^[-A-Za-z0-9._]+:[0-9]+(,[-A-Za-z0-9._]+:[0-9]+)*$'
  [[ $bootstrap =~ $list ]] ||
    die "--bootstrap must be host:port[,host:port...], got '$bootstrap'"
  if [[ -n $config ]]; then
    [[ -f $config ]] || die "--client-config: no file '$config'"
    # key=value lines only (comments and blank lines allowed): what both apps and Kafka's Admin read.
    if grep -Evq '^[[:space:]]*(#.*)?$|^[A-Za-z0-9._-]+[[:space:]]*=' "$config"; then
      die "--client-config: $config has lines that are not key=value Kafka client properties"
    fi
  fi
  if running_pid "$(producer_name 1)" >/dev/null && [[ $(existing_bootstrap || true) != "$bootstrap" ]]; then
    die "the apps run against $(existing_bootstrap || echo "the lab's brokers"): 'scripts/lab down' first"
  fi
  mkdir -p "$LAB_DIR"
  printf '%s\n' "$bootstrap" >"$(existing_bootstrap_file)"
  # Secrets stay this user's: the copy is made private before anything is written to it.
  if [[ -n $config ]]; then
    (umask 077 && rm -f "$(existing_config_file)" && cp "$config" "$(existing_config_file)")
  else
    rm -f "$(existing_config_file)"
  fi
}

# The client properties for the apps, as one Spring argument naming a file: each key=value becomes
# spring.kafka.properties.<key>=<value> in .lab/client-app.properties (this user's alone), so a
# password in sasl.jaas.config never stands on a command line, which every user of the machine can
# read in ps. Read as Java reads a properties file: a line ending in an odd number of backslashes
# goes on in the next (sasl.jaas.config often does), '#' and '!' start comments, and the key ends at
# the first '=', ':' or blank. The value's text is kept as written (its escapes too): both files are
# read as Java properties.
existing_app_args() {
  local f app line logical='' key value trail
  f=$(existing_config_file)
  [[ -f $f ]] || return 0
  app=$LAB_DIR/client-app.properties
  (
    umask 077
    : >"$app"
    while IFS= read -r line || [[ -n $line ]]; do
      # Leading blanks are dropped, a continued line's too, as Java does; a comment goes on no further.
      line=${line#"${line%%[![:space:]]*}"}
      [[ -z $logical && ( -z $line || $line == [#!]* ) ]] && continue
      trail=${line##*[!\\]}
      if ((${#trail} % 2 == 1)); then
        logical+=${line%\\}
        continue
      fi
      line=$logical$line logical=''
      [[ $line =~ ^([^=:[:space:]]+)[[:space:]]*[=:]?[[:space:]]*(.*)$ ]] || continue
      key=${BASH_REMATCH[1]} value=${BASH_REMATCH[2]}
      printf 'spring.kafka.properties.%s=%s\n' "$key" "$value" >>"$app"
    done <"$f"
  )
  printf -- '--spring.config.import=file:%s\n' "$app"
}

# What the runner needs to reach the user's cluster: --bootstrap and --client-config.
existing_runner_args() {
  local bootstrap
  bootstrap=$(existing_bootstrap) || return 0
  printf -- '--bootstrap\n%s\n' "$bootstrap"
  [[ -f $(existing_config_file) ]] && printf -- '--client-config\n%s\n' "$(existing_config_file)"
  return 0
}

forget_existing_cluster() {
  rm -f "$(existing_bootstrap_file)" "$(existing_config_file)" "$LAB_DIR/client-app.properties"
}
