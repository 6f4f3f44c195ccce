# shellcheck shell=bash
# Class data sharing for the JVMs the lab starts from its own jars (the two apps, the runner). A JVM
# started with an archive maps the classes an earlier start of the same jar loaded, instead of reading,
# verifying and parsing them again: a start then takes about half the CPU (idle on this project's 2-core
# machine: a consumer-app to "Started" 11.0-11.4 -> 6.2 CPU seconds, the runner validating a
# scenario 2.8-3.3 -> 1.1-1.3), and a start on a busy machine waits for CPU. The JVM archives only classes
# of plain jars on its class path, not those nested in a Spring Boot jar: so each exec jar is unpacked
# once per build, beside it (target/cds/<build>/: the module's own jar and its libraries). The first
# starts of a build have no archive yet: each writes the classes it loaded when it exits (a 'down', the
# end of a runner command), and the next start takes the first of those the JVM maps whole. So a build
# costs no start of its own, only a second or two at one exit. Anything that fails here falls back to
# 'java -jar', said once a build. Sourced, not run; needs common.sh.

# The java arguments that start exec jar $1, one per line (the class path and the main class last, so the
# caller's arguments follow): from its unpacked copy, with its archive, or writing one at exit when there
# is none yet; '-jar JAR' when it cannot be unpacked, or when LAB_CDS=off (to start the jars as built,
# and to compare).
cds_launch() {
  local jar=$1 dir share
  if [[ ${LAB_CDS:-on} == off || ! -f $jar ]] || ! dir=$(cds_unpacked "$(readlink -f "$jar")"); then
    printf -- '%s\n' -jar "$jar"
    return 0
  fi
  if cds_archive "$dir"; then
    share="-XX:SharedArchiveFile=$dir/classes.jsa"
  else
    share="-XX:ArchiveClassesAtExit=$dir/classes.jsa.$$-$RANDOM.part"
  fi
  # The archive's own lines (classes it cannot hold; one it cannot map: a JDK upgraded since) must not
  # reach a command's output (run --json); the JVM then loads its classes as without it.
  printf -- '%s\n' "$share" "-Xlog:cds=off,cds+dynamic=off" -cp "$(<"$dir/classpath")" "$(<"$dir/main")"
}

# The folder of exec jar $1 unpacked for this build of it and this JDK, printed; unpacked now if it is not
# (under a lock, so two commands do not unpack one jar twice). Fails when it cannot be: once a build, said
# on standard error, its next starts then go as 'java -jar' without trying again.
cds_unpacked() {
  local jar=$1 root dir
  root=$(dirname "$jar")/cds
  dir=$root/$(cds_build_id "$jar") || return 1
  # What follows deletes in these folders, as root under sudo: one that is a link could lead anywhere.
  if [[ -L $root || -L $dir ]]; then
    warn "${root#"$ROOT"/} or its build folder is a link: not used (the jar starts as built)"
    return 1
  fi
  [[ -d $dir.failed ]] && return 1
  if [[ ! -s $dir/main ]]; then
    # The lock file the lab user's too: a later command without sudo must be able to open it.
    "${AS_LAB_USER[@]}" mkdir -p "$root" && "${AS_LAB_USER[@]}" touch "$root/.lock" || return 1
    (
      flock 9
      [[ -s $dir/main ]] || cds_unpack "$jar" "$dir" || exit 1
      cds_prune "$root" "$dir"
    ) 9>>"$root/.lock" || return 1
  fi
  printf '%s\n' "$dir"
}

# What names one build of jar $1 run by one JDK: the jar's time and size, and the java started.
cds_build_id() {
  local java jar_id java_id
  java=$(readlink -f "$(command -v java)") || return 1
  # Each on its own: a jar replaced mid-build must not name a build of nothing.
  jar_id=$(stat -c '%Y-%s' "$1") || return 1
  java_id=$(stat -c '%Y' "$java") || return 1
  printf '%s-%s\n' "$jar_id" "$java_id"
}

# Unpacks exec jar $1 into folder $2: its module's own jar and its libraries, the class path in the order
# Spring Boot's launcher gives it (the module's classes, then BOOT-INF/classpath.idx's), and its main
# class. What failed is kept as $2.failed.
cds_unpack() {
  local jar=$1 dir=$2 thin entry
  local -a cp
  thin=${jar%-exec.jar}.jar
  [[ -f $thin ]] || return 1
  rm -rf -- "$dir" "$dir.failed"
  "${AS_LAB_USER[@]}" mkdir -p "$dir" || return 1
  if (cd "$dir" && "${AS_LAB_USER[@]}" jar xf "$jar" BOOT-INF/lib BOOT-INF/classpath.idx META-INF/MANIFEST.MF) \
    >"$dir/unpack.log" 2>&1 && "${AS_LAB_USER[@]}" cp -p -- "$thin" "$dir/"; then
    cp=("$dir/$(basename "$thin")")
    while IFS= read -r entry; do
      cp+=("$dir/$entry")
    done < <(sed -n 's/^- "\(BOOT-INF\/lib\/[^"]*\.jar\)"$/\1/p' "$dir/BOOT-INF/classpath.idx")
    (IFS=:; printf '%s\n' "${cp[*]}") | "${AS_LAB_USER[@]}" tee "$dir/classpath" >/dev/null
    sed -n 's/^Start-Class: *\([A-Za-z0-9_.$]*\).*$/\1/p' "$dir/META-INF/MANIFEST.MF" |
      "${AS_LAB_USER[@]}" tee "$dir/main.part" >/dev/null
    # main last: its presence says the folder is whole.
    ((${#cp[@]} > 1)) && [[ -s $dir/main.part ]] && mv -- "$dir/main.part" "$dir/main" && return 0
  fi
  mv -- "$dir" "$dir.failed"
  warn "could not unpack $(basename "$jar") for a class data archive (see $dir.failed): starting it with java -jar"
  return 1
}

# Whether folder $1 has its archive: classes.jsa, or one an earlier start wrote at its exit that this JVM
# maps whole (-Xshare:on refuses a truncated one, or one of another class path), then moved there. A part
# it refuses, or one written after classes.jsa was taken, is deleted once it is a minute old (a JVM may
# still be writing a younger one).
cds_archive() {
  local dir=$1 part
  if [[ -f $dir/classes.jsa ]]; then
    # What other first starts of the build wrote as they stopped after it was taken: not needed.
    find "$dir" -maxdepth 1 -name 'classes.jsa.*.part' -mmin +1 -delete 2>/dev/null || true
    return 0
  fi
  for part in "$dir"/classes.jsa.*.part; do
    [[ -f $part ]] || continue
    if "${AS_LAB_USER[@]}" java -Xshare:on "-XX:SharedArchiveFile=$part" -cp "$(<"$dir/classpath")" -version >/dev/null 2>&1; then
      # Two starts may take the same part: the one whose move is second finds the archive in place.
      mv -f -- "$part" "$dir/classes.jsa" 2>/dev/null || [[ -f $dir/classes.jsa ]] || return 1
      rm -f -- "$dir"/classes.jsa.*.part
      return 0
    fi
    find "$part" -maxdepth 0 -mmin +1 -delete 2>/dev/null || true
  done
  return 1
}

# Removes the unpacked copies of other builds in folder $1 but $2 that no running process was started
# from (its class path names them: it may still load classes from their jars).
cds_prune() {
  local root=$1 keep=$2 other
  for other in "$root"/*/; do
    other=${other%/}
    [[ $other == "$keep" || ! -d $other ]] && continue
    grep -aqsF -- "$other/" /proc/[0-9]*/cmdline && continue
    rm -rf -- "$other"
  done
}
