# shellcheck shell=bash
# Shared helpers for scripts/lab: messages, paths, probes. Sourced, not run.

# Repo root and the lab's runtime folder (git-ignored): state, logs, pids.
ROOT=${ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
LAB_DIR=${LAB_DIR:-$ROOT/.lab}
# shellcheck disable=SC2034 # used by the files sourced next to this one
PID_DIR=$LAB_DIR/pids LOG_DIR=$LAB_DIR/logs

say() { printf 'lab: %s\n' "$*"; }

# The lab's folder, readable by the user alone whichever command makes it first (umask 077 for the
# mkdir, then chmod for one an older lab left at the umask). Every mkdir of .lab goes through here.
lab_dir() {
  (umask 077 && mkdir -p "$LAB_DIR")
  chmod 700 "$LAB_DIR"
}

# Root for the user who typed 'sudo scripts/lab ...' (--far-producer needs root): only the network
# namespaces and the delay wire's set-up need it (the wire then becomes that user: far-producer.sh's
# wire_run_as). Everything else (brokers, Prometheus, Grafana, the apps,
# the runner, Maven) runs as that user, through AS_LAB_USER, and what the lab writes in the
# checkout is theirs. Without sudo, or as root logged in as root, both are empty: nothing changes.
LAB_USER='' AS_LAB_USER=()
if ((EUID == 0)) && [[ -n ${SUDO_USER:-} && $SUDO_USER != root ]] && id -u "$SUDO_USER" >/dev/null 2>&1; then
  LAB_USER=$SUDO_USER
  lab_user_home=$(getent passwd "$LAB_USER" | cut -d: -f6)
  # setpriv execs: the pid the lab records is the process it starts.
  AS_LAB_USER=(setpriv "--reuid=$(id -u "$LAB_USER")" "--regid=$(id -g "$LAB_USER")" --init-groups
    env "HOME=${lab_user_home:-/}" "USER=$LAB_USER" "LOGNAME=$LAB_USER")
  unset lab_user_home
  command -v setpriv >/dev/null || {
    echo "lab: error: 'setpriv' (util-linux) is needed to run the lab as $LAB_USER under sudo: apt-get install -y util-linux" >&2
    exit 1
  }
fi
# The ids the delay wire becomes once set up when root acts for no one (no LAB_USER): nobody's, an account
# that owns no file of the lab's. procs.sh counts that uid as an owner of the wire's pid alone.
# shellcheck disable=SC2034 # used by the files sourced next to this one
NOBODY_UID=65534 NOBODY_GID=65534

# Gives <path...> (recursively, links not followed) to the invoking user when root acts for them.
give_to_lab_user() {
  [[ -n $LAB_USER ]] || return 0
  chown -R -P -- "$LAB_USER:$(id -g "$LAB_USER")" "$@"
}

# On exit of a command run under sudo: what root left in .lab (markers, the wire's ready file)
# is the invoking user's too, so their 'scripts/lab down' without sudo can clear it.
give_lab_dir_back() {
  [[ -d $LAB_DIR ]] || return 0
  give_to_lab_user "$LAB_DIR" || warn "could not give $LAB_DIR back to $LAB_USER"
}
warn() { printf 'lab: %s\n' "$*" >&2; }

# The runner's control command for a fault (LAB_BROKER_CONTROL, LAB_CONSUMER_CONTROL): this script's
# path in single quotes, then <subcommand>. The runner splits the value into words as a shell does:
# a checkout at "/home/me/my lab" stays one word.
lab_control_command() {
  local path=$ROOT/scripts/lab
  printf "'%s' %s" "${path//\'/\'\\\'\'}" "$1"
}

# A function die runs before exiting, set while a command has started what it must
# take down again should it fail half-way (compose_up). It runs once, and only in
# the script's own shell: a die inside $(...) or <(...) ends that subshell alone.
DIE_CLEANUP=""
die() {
  printf 'lab: error: %s\n' "$*" >&2
  run_die_cleanup
  exit 1
}

run_die_cleanup() {
  [[ -n $DIE_CLEANUP && $BASHPID == "$$" ]] || return 0
  local cleanup=$DIE_CLEANUP
  DIE_CLEANUP=""
  "$cleanup"
}

# trap_interrupts: from here until untrap_interrupts, a Ctrl-C (SIGINT) or a SIGTERM takes down
# what DIE_CLEANUP names, as a failure would, then exits 130 or 143 (128 + the signal, as a shell
# does). bash runs a trap only once the foreground command has ended: a step that may take long
# runs through in_background, whose wait a signal ends at once.
trap_interrupts() {
  trap 'interrupted INT 130' INT
  trap 'interrupted TERM 143' TERM
}

untrap_interrupts() {
  trap - INT TERM
}

interrupted() {
  # A second signal ends the clean-up itself.
  untrap_interrupts
  warn "interrupted (SIG$1)"
  stop_background
  run_die_cleanup
  exit "$2"
}

# in_background <command...>: <command> (a function too) in a process group of its own (set -m),
# waited for; its status. A trapped signal ends the wait at once, and stop_background then stops the
# command with all it started (a Ctrl-C reaches only the terminal's foreground group: not it).
BACKGROUND_PID=""
in_background() {
  local status=0
  set -m
  "$@" </dev/null &
  BACKGROUND_PID=$!
  set +m
  wait "$BACKGROUND_PID" || status=$?
  BACKGROUND_PID=""
  return "$status"
}

stop_background() {
  [[ -n $BACKGROUND_PID ]] || return 0
  kill -TERM -- "-$BACKGROUND_PID" 2>/dev/null || true
  wait "$BACKGROUND_PID" 2>/dev/null || true
  BACKGROUND_PID=""
}

# A wrong command line, refused before anything starts: exit 2, as the runner's (lab-runner/README.md).
usage_error() {
  printf 'lab: error: %s\n' "$*" >&2
  exit 2
}

# The value of <name> in the repository's .env (the file docker-compose.yml
# reads): one place for what both modes share. Fails when it is missing.
env_file_value() {
  local name=$1 line
  line=$(grep -E "^$name=" "$ROOT/.env" 2>/dev/null) ||
    die "no $name in $ROOT/.env (docker-compose.yml and the local stack both read it there)"
  line=${line##*$'\n'}
  printf '%s\n' "${line#*=}"
}

# The local Grafana's admin password (local mode: Grafana as a plain process has
# no stack to make one; the compose stack's is its own, compose_grafana_password),
# on stdout: GRAFANA_ADMIN_PASSWORD when the environment has one (the user's own
# wins, as in docker-compose.yml and in lab-runner), else made on first need
# into $LAB_DIR/grafana-admin-password (0600: the password stays this user's)
# and reused until 'down --purge' deletes $LAB_DIR. It is never in the
# repository: a committed one is everybody's.
local_grafana_admin_password() {
  if [[ -n ${GRAFANA_ADMIN_PASSWORD:-} ]]; then
    printf '%s\n' "$GRAFANA_ADMIN_PASSWORD"
    return 0
  fi
  local file=$LAB_DIR/grafana-admin-password password=""
  [[ -s $file ]] || rm -f "$file"
  if [[ ! -e $file ]]; then
    lab_dir
    # 24 letters and digits (about 143 bits) from the kernel's random source.
    while ((${#password} < 24)); do
      password+=$(LC_ALL=C tr -dc 'A-Za-z0-9' < <(head -c 256 /dev/urandom))
    done
    # Made 0600 and only when absent (noclobber): of two made at once one is kept, and both read it.
    (umask 077 && set -o noclobber && printf '%s\n' "${password:0:24}" >"$file") 2>/dev/null || true
  fi
  read -r password <"$file" 2>/dev/null || true
  [[ -n $password ]] || die "no Grafana admin password in $file: delete it, and the next 'scripts/lab up' makes one"
  printf '%s\n' "$password"
}

# Milliseconds since the epoch (for time-to-healthy).
now_ms() { date +%s%3N; }

# True when something accepts TCP connections on 127.0.0.1:<port>.
port_open() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# Fails with a one-line error when <port> is taken; <what> names our process.
require_free_port() {
  local port=$1 what=$2
  if port_open "$port"; then
    die "port $port (for $what) is already in use by another process: stop it (ss -ltnp 'sport = :$port' shows which) or run 'scripts/lab down'"
  fi
}

# HTTP GET body of <url> on stdout; fails fast when nothing answers.
http_get() {
  curl -fsS --max-time 2 "$1" 2>/dev/null
}

# True when <url> answers 2xx.
http_ok() {
  curl -fsS -o /dev/null --max-time 2 "$1" 2>/dev/null
}

# app_healthy <port> [address]: true when a Spring Boot app's /actuator/health reports UP (on
# 127.0.0.1 unless an address is given).
app_healthy() {
  local body
  body=$(http_get "http://${2:-127.0.0.1}:$1/actuator/health") || return 1
  [[ $body == *'"status":"UP"'* ]]
}

# Major version of the java on PATH (8 for 1.8), empty when there is none.
java_major() {
  command -v java >/dev/null || return 0
  local v
  v=$("${AS_LAB_USER[@]}" java -version 2>&1 | sed -n 's/.*version "\([^"]*\)".*/\1/p' | head -n 1)
  v=${v#1.}
  printf '%s\n' "${v%%[.+-]*}"
}

require_java17() {
  local major
  major=$(java_major)
  [[ -n $major ]] || die "java not found: install a JDK 17+ (Debian/Ubuntu: apt-get install -y openjdk-17-jdk-headless, or run 'scripts/lab setup')"
  ((major >= 17)) || die "java $major found, 17+ needed: install openjdk-17-jdk-headless and put it first on PATH"
}

require_cmd() {
  command -v "$1" >/dev/null || die "'$1' not found: $2"
}

# The project version: the root pom's own <version> (the first one outside
# <parent>), read with awk because 'mvn help:evaluate' takes seconds. The
# modules inherit it, so it is every module's version.
lab_version() {
  local pom=$ROOT/pom.xml version
  [[ -f $pom ]] || die "no $pom: cannot tell the project version (is ROOT=$ROOT the repo root?)"
  version=$(awk '
    /<parent>/ { in_parent = 1 }
    /<\/parent>/ { in_parent = 0; next }
    !in_parent && /<version>/ {
      sub(/.*<version>[[:space:]]*/, "")
      sub(/[[:space:]]*<\/version>.*/, "")
      print
      exit
    }' "$pom")
  [[ $version =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]] || die "could not read the project version from $pom (its first <version> after </parent>): got '$version'"
  printf '%s\n' "$version"
}

# Runnable jar of <module> as its build names it (spring-boot-maven-plugin,
# classifier exec): <module>/target/<module>-<version>-exec.jar. Callers add
# '|| exit': a failure inside $(...) does not stop the script by itself.
exec_jar() {
  local module=$1 version
  version=$(lab_version) || exit
  printf '%s\n' "$ROOT/$module/target/$module-$version-exec.jar"
}

# Whether <jar> is missing or older than a pom or a main source of the modules it is
# built from (a pulled or edited tree): the caller then builds it again rather than
# run the code of before. Usage: jar_outdated <jar> <module>...
jar_outdated() {
  local jar=$1 m
  shift
  [[ -f $jar ]] || return 0
  local -a paths=("$ROOT/pom.xml")
  for m in "$@"; do
    paths+=("$ROOT/$m/pom.xml" "$ROOT/$m/src/main")
  done
  [[ -n $(find "${paths[@]}" -type f -newer "$jar" -print -quit 2>/dev/null) ]]
}

# Runs the Maven wrapper from the repo root, quietly; on a machine with only a JDK it first installs the
# Maven the wrapper fetches its pinned one with (ensure_wrapper_maven), whichever command builds first.
mvnw() {
  ensure_wrapper_maven || return
  (
    cd "$ROOT" || exit
    # One build of this checkout at a time (a lock on its folder): two commands that both found a jar
    # older than its sources would write the same target folders and jars at once.
    exec 8<"$ROOT"
    flock -n 8 || {
      say "waiting for another build of this checkout to end"
      flock 8
    }
    "${AS_LAB_USER[@]}" ./mvnw -q -B "$@"
  )
}
