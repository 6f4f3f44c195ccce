# shellcheck shell=bash
# 'lab setup': installs what the lab and its checks need (Debian/Ubuntu), then
# builds the project when its jars are missing and the pinned helm when it is not
# built yet. Idempotent. Sourced, not run; needs common.sh, local-stack.sh (the
# local-cluster jar check), compose.sh (whether compose runs on Docker or on
# podman) and helm.sh.

# Debian package providing each command the lab or its checks use.
SETUP_PACKAGES=(
  "java:openjdk-17-jdk-headless"
  "curl:curl"
  "prometheus:prometheus"
  "promtool:prometheus"
  "shellcheck:shellcheck"
  "yamllint:yamllint"
  "docker-compose:docker-compose"
  "mvn:maven"
  # Builds helm (helm.sh), and lab-checks' compose loader.
  "go:golang-go"
  # Compose mode where no Docker engine answers (podman.sh): PODMAN_COMMANDS.
  "podman:podman"
  "runc:runc"
  "debootstrap:debootstrap"
  # Container names on a compose network resolve through it (CNI backend).
  "/usr/lib/cni/dnsname:golang-github-containernetworking-plugin-dnsname"
)

# Compose mode on podman alone needs these: setup leaves them out where compose runs on a Docker
# engine (setup_commands).
PODMAN_COMMANDS=(podman runc debootstrap /usr/lib/cni/dnsname)

# What the local stack runs on: 'up --local' installs these and nothing else of the list above
# (and a Maven when the wrapper needs one: local_commands).
LOCAL_COMMANDS=(java curl prometheus)

# wrapper_maven_cached: whether ./mvnw has its pinned Maven already (it needs any 'mvn' to fetch it
# once, by its coordinates: a machine with only a JDK has none).
wrapper_maven_cached() {
  local version
  version=$(sed -n 's/^mavenVersion=//p' "$ROOT/.mvn/wrapper/maven-wrapper.properties" | tr -d '[:space:]')
  [[ -x "${MAVEN_USER_HOME:-$HOME/.m2}/wrapper/dists/apache-maven-$version/bin/mvn" ]]
}

# ensure_wrapper_maven: a Maven for ./mvnw to fetch its pinned one with, installed as the local stack's
# packages are (install_packages: said first, through sudo only when the user says so) while the pinned
# one is not cached and none is on PATH.
ensure_wrapper_maven() {
  local -a missing=()
  wrapper_maven_cached && return 0
  mapfile -t missing < <(missing_packages mvn)
  ((${#missing[@]} > 0)) || return 0
  say "building needs: ${missing[*]} (once: ./mvnw fetches its pinned Maven with it)"
  install_packages "${missing[@]}"
}

# local_commands: the commands the local stack needs here, one a line: LOCAL_COMMANDS, and mvn
# while the wrapper's Maven is not cached (the jars are built before the stack starts).
local_commands() {
  printf '%s\n' "${LOCAL_COMMANDS[@]}"
  wrapper_maven_cached || printf '%s\n' mvn
}

# missing_packages [command...]: the packages of the commands missing here (all of the list, or
# only the commands named).
# shellcheck disable=SC2120 # local-stack.sh passes the local stack's commands
missing_packages() {
  local entry cmd pkg seen=" " wanted=" $* "
  for entry in "${SETUP_PACKAGES[@]}"; do
    cmd=${entry%%:*} pkg=${entry#*:}
    (($# == 0)) || [[ $wanted == *" $cmd "* ]] || continue
    if [[ $cmd == java ]]; then
      local major
      major=$(java_major)
      [[ -n $major ]] && ((major >= 17)) && continue
    elif command -v "$cmd" >/dev/null; then
      continue
    fi
    [[ $seen == *" $pkg "* ]] && continue
    seen+="$pkg "
    printf '%s\n' "$pkg"
  done
}

# setup_commands: the commands setup installs, one a line: the whole list where compose would run on
# the lab's podman engine (compose_on_podman: no Docker engine answers, as in CI, whose docker is a
# client alone); where a Docker engine answers, all but podman's toolchain, and docker-compose only
# while that Docker has no compose plugin (compose() takes either).
setup_commands() {
  local entry cmd
  if compose_on_podman; then
    for entry in "${SETUP_PACKAGES[@]}"; do printf '%s\n' "${entry%%:*}"; done
    return 0
  fi
  # Said on standard error: standard output is the list.
  warn "a Docker engine answers 'docker info': compose runs on it, so podman's packages (for compose mode without Docker: ${PODMAN_COMMANDS[*]}) are not installed"
  for entry in "${SETUP_PACKAGES[@]}"; do
    cmd=${entry%%:*}
    in_list "$cmd" "${PODMAN_COMMANDS[@]}" && continue
    [[ $cmd == docker-compose ]] && compose_plugin && continue
    printf '%s\n' "$cmd"
  done
}

# The apt-get command lines that install <package...>, as one line to show the user.
apt_install_line() {
  printf '%sapt-get update && %sapt-get install -y --no-install-recommends %s' "$1" "$1" "${*:2}"
}

# As root, installs at once (CI). Otherwise through sudo only when the user says so: asked at a
# terminal, or LAB_SETUP_SUDO=1 beforehand; a sudo whose password is cached would otherwise install
# unasked. Without that consent, or sudo, it stops with the command to run.
install_packages() {
  local -a pkgs=("$@") sudo=()
  local answer=${LAB_SETUP_SUDO:-}
  if ((${#pkgs[@]} == 0)); then
    say "system packages: all present"
    return 0
  fi
  if ! command -v apt-get >/dev/null; then
    die "no apt-get here: install these yourself: ${pkgs[*]}"
  fi
  if ((EUID != 0)); then
    command -v sudo >/dev/null ||
      die "missing packages; as root run: $(apt_install_line "" "${pkgs[@]}")"
    if [[ -z $answer && -t 0 ]]; then
      read -r -p "lab: install these with sudo apt-get: ${pkgs[*]}? [y/N] " answer || answer=''
    fi
    [[ $answer == [yY1]* ]] ||
      die "missing packages: ${pkgs[*]}; install them yourself ($(apt_install_line "sudo " "${pkgs[@]}")), or rerun with LAB_SETUP_SUDO=1 to let the lab run that"
    sudo=(sudo)
    # No terminal to type a password at: sudo fails rather than waits.
    [[ -t 0 ]] || sudo+=(-n)
  fi
  say "installing: ${pkgs[*]}"
  "${sudo[@]}" apt-get update || die "apt-get update failed (said above why)"
  # No recommends: docker-compose would pull in the docker.io engine, which the
  # lab does not need (compose mode uses whatever Docker the user runs).
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${pkgs[@]}" ||
    die "installing ${pkgs[*]} failed (said above why)"
  say "installed: ${pkgs[*]}"
}

# On a host with systemd, Debian's prometheus package enables and starts
# prometheus.service on 0.0.0.0:9090: the lab's port, and open beyond
# 127.0.0.1. The lab runs its own Prometheus, but the service is the host's:
# it is stopped only when the user says so (asked at a terminal, or
# LAB_STOP_SYSTEM_PROMETHEUS=1), else the lab stops with the command to run.
# SYSTEMD_RUN_DIR: where systemd marks itself running (tests).
stop_system_prometheus() {
  local -a sudo=()
  local answer=${LAB_STOP_SYSTEM_PROMETHEUS:-}
  [[ -d ${SYSTEMD_RUN_DIR:-/run/systemd/system} ]] && command -v systemctl >/dev/null || return 0
  ((EUID == 0)) || sudo=(sudo)
  if systemctl is-enabled --quiet prometheus 2>/dev/null || systemctl is-active --quiet prometheus 2>/dev/null; then
    if [[ -z $answer && -t 0 ]]; then
      read -r -p "lab: prometheus.service (Debian's package) serves 0.0.0.0:9090, the lab's Prometheus port; disable and stop it? [y/N] " answer || answer=''
    fi
    [[ $answer == [yY1]* ]] ||
      die "prometheus.service (Debian's package) is enabled on this host and serves 0.0.0.0:9090, the port of the lab's own Prometheus: stop it yourself ('systemctl disable --now prometheus'), or rerun with LAB_STOP_SYSTEM_PROMETHEUS=1 to let the lab do it"
    "${sudo[@]}" systemctl disable --now prometheus ||
      die "could not stop prometheus.service (it holds port 9090): run 'systemctl disable --now prometheus'"
    say "disabled and stopped prometheus.service (Debian's package starts it on 0.0.0.0:9090; the lab runs its own)"
  fi
}

# Jars the lab starts; a missing one means the project needs a build.
project_jars_missing() {
  local module jar
  for module in stack/local-cluster producer-app consumer-app lab-runner; do
    [[ -f $ROOT/$module/pom.xml ]] || continue
    if [[ $module == stack/local-cluster ]]; then
      cluster_jars_present || return 0
    else
      jar=$(exec_jar "$module") || exit
      [[ -f $jar ]] || return 0
    fi
  done
  return 1
}

lab_setup() {
  local pkgs=() commands=()
  mapfile -t commands < <(setup_commands)
  mapfile -t pkgs < <(missing_packages "${commands[@]}")
  install_packages "${pkgs[@]}"
  stop_system_prometheus
  install_helm
  if project_jars_missing; then
    say "building the project (./mvnw -q -B install -DskipTests)"
    mvnw install -DskipTests
    say "project built"
  else
    say "project jars: all present"
  fi
}
