# shellcheck shell=bash
# Class data sharing for the JVMs the lab starts from its own jars (the two apps, the runner). A JVM
# started with an archive maps the classes an earlier start of the same jar loaded, instead of reading,
# verifying and parsing them again: a start then takes about half the CPU (idle on this project's 2-core
# machine: a consumer-app to "Started" 10.5-12.3 -> 5.8-6.4 CPU seconds, the runner validating a
# scenario 2.8-3.3 -> 1.1-1.3), and a start on a busy machine waits for CPU. The JVM archives only classes
# of plain jars on its class path, not those nested in a Spring Boot jar: so each exec jar is unpacked
# once per build, beside it (target/cds/<build>/: the module's own jar and its libraries), and trained
# once by a start of its own (an app exits when its context is ready; the runner validates a shipped
# scenario). Anything that fails here falls back to 'java -jar' with the reason, so it can cost time once,
# never a start. Sourced, not run; needs common.sh.

# The java arguments that start exec jar $1 with its archive, one per line (the class path and the main
# class last, so the caller's arguments follow), made first when missing; '-jar JAR' when it cannot be,
# or when LAB_CDS=off (to start the jars as built, and to compare).
cds_launch() {
  local jar=$1 dir
  if [[ ${LAB_CDS:-on} != off && -f $jar ]] && dir=$(cds_prepared "$(readlink -f "$jar")"); then
    # The archive's own warnings (one it cannot map: a JDK upgraded since) must not reach a command's
    # output (run --json); the JVM then loads its classes as without it.
    printf -- '%s\n' "-XX:SharedArchiveFile=$dir/classes.jsa" "-Xlog:cds=off,cds+dynamic=off" \
      -cp "$(<"$dir/classpath")" "$(<"$dir/main")"
  else
    printf -- '%s\n' -jar "$jar"
  fi
}

# The folder of exec jar $1's archive for this build of it and this JDK, printed once it is ready: made
# now (under a lock, so two commands do not train one jar twice) if it is not. Fails, saying why on
# standard error, when it cannot be made.
cds_prepared() {
  local jar=$1 root dir
  root=$(dirname "$jar")/cds
  dir=$root/$(cds_build_id "$jar") || return 1
  # One failure a build: its next starts go without an archive rather than train again.
  [[ -d $dir.failed ]] && return 1
  if [[ ! -f $dir/classes.jsa ]]; then
    # The lock file the lab user's too: a later command without sudo must be able to open it.
    "${AS_LAB_USER[@]}" mkdir -p "$root" && "${AS_LAB_USER[@]}" touch "$root/.lock" || return 1
    (
      flock 9
      [[ -f $dir/classes.jsa ]] || cds_make "$jar" "$dir" || exit 1
      cds_prune "$root" "$dir"
    ) 9>>"$root/.lock" || return 1
  fi
  printf '%s\n' "$dir"
}

# What names one build of jar $1 run by one JDK: the jar's time and size, and the java started.
cds_build_id() {
  local java
  java=$(readlink -f "$(command -v java)") || return 1
  printf '%s-%s\n' "$(stat -c '%Y-%s' "$1")" "$(stat -c '%Y' "$java")"
}

# Unpacks exec jar $1 into folder $2 and trains its archive there, where it is used: an archive holds
# the class path it was made with, paths included. What failed is kept as $2.failed.
cds_make() {
  local jar=$1 dir=$2 thin
  thin=${jar%-exec.jar}.jar
  [[ -f $thin ]] || return 1
  say "preparing a class data archive for $(basename "$jar") (once per build: its starts then take about half the CPU)" >&2
  rm -rf -- "$dir" "$dir.failed"
  if ! cds_unpack "$jar" "$thin" "$dir" || ! cds_train "$dir"; then
    mv -- "$dir" "$dir.failed"
    warn "no class data archive for $(basename "$jar") (see $dir.failed): starting it without one"
    return 1
  fi
}

# The libraries of exec jar $1, its module's own jar $2 and its main class, in folder $3: the class path
# in the order Spring Boot's launcher gives it (the module's classes, then BOOT-INF/classpath.idx's).
cds_unpack() {
  local jar=$1 thin=$2 dir=$3 entry
  local -a cp
  "${AS_LAB_USER[@]}" mkdir -p "$dir" || return 1
  (cd "$dir" && "${AS_LAB_USER[@]}" jar xf "$jar" BOOT-INF/lib BOOT-INF/classpath.idx META-INF/MANIFEST.MF) \
    >"$dir/unpack.log" 2>&1 || return 1
  "${AS_LAB_USER[@]}" cp -p -- "$thin" "$dir/" || return 1
  cp=("$dir/$(basename "$thin")")
  while IFS= read -r entry; do
    cp+=("$dir/$entry")
  done < <(sed -n 's/^- "\(BOOT-INF\/lib\/[^"]*\.jar\)"$/\1/p' "$dir/BOOT-INF/classpath.idx")
  ((${#cp[@]} > 1)) || return 1
  (IFS=:; printf '%s\n' "${cp[*]}") | "${AS_LAB_USER[@]}" tee "$dir/classpath" >/dev/null
  sed -n 's/^Start-Class: *\([A-Za-z0-9_.$]*\).*$/\1/p' "$dir/META-INF/MANIFEST.MF" | "${AS_LAB_USER[@]}" tee "$dir/main" >/dev/null
  [[ -s $dir/main ]]
}

# One start of the unpacked jar in folder $1 that writes the classes it loaded at its exit, then moved to
# $1/classes.jsa whole (a start that finds it maps it): an app refreshes its context and exits (nothing
# listens, no broker needed: its topic lookup gives up after 1 s), the runner validates a shipped scenario.
cds_train() {
  local dir=$1 main
  local -a opts=() args=()
  main=$(<"$dir/main")
  if [[ $main == dev.latencylab.runner.* ]]; then
    args=(validate "$ROOT/scenarios/linger-sweep.yaml")
  else
    # shellcheck disable=SC2206 # APP_JAVA_OPTS is a word list on purpose (the apps start with it)
    opts=(${APP_JAVA_OPTS:-} -Dspring.context.exit=onRefresh)
    args=(--server.port=0 --spring.kafka.bootstrap-servers=127.0.0.1:9 --spring.kafka.admin.operation-timeout=1s
      --spring.kafka.admin.properties.default.api.timeout.ms=1000 --spring.kafka.admin.properties.request.timeout.ms=1000
      --lab.consumer.ledger-dir="$dir/training" --lab.consumer.settings-file="$dir/training/settings.json"
      --lab.producer.payload-dir="$ROOT/scenarios/payloads")
  fi
  "${AS_LAB_USER[@]}" java "${opts[@]}" "-XX:ArchiveClassesAtExit=$dir/classes.jsa.part" \
    -cp "$(<"$dir/classpath")" "$main" "${args[@]}" >"$dir/training.log" 2>&1 || true
  rm -rf -- "$dir/training"
  [[ -s $dir/classes.jsa.part ]] && mv -- "$dir/classes.jsa.part" "$dir/classes.jsa"
}

# Removes the archives of other builds in folder $1 but $2 that no running process has mapped (a JVM
# maps its archive for as long as it runs; its unpacked jars must stay while it may load from them).
cds_prune() {
  local root=$1 keep=$2 other
  for other in "$root"/*/; do
    other=${other%/}
    [[ $other == "$keep" || ! -d $other ]] && continue
    grep -qsF -- "$other/classes.jsa" /proc/[0-9]*/maps && continue
    rm -rf -- "$other"
  done
}
