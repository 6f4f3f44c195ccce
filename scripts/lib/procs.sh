# shellcheck shell=bash
# Processes the lab starts: one pid file per process, .lab/pids/<name>.pid, holding
# "<pid> <start time>". The start time (field 22 of /proc/<pid>/stat) guards against
# a recycled pid: a pid file only counts while the same process still runs.
# Sourced, not run; needs common.sh.

proc_start_time() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  # Field 2 (comm) may hold spaces: count fields after its closing parenthesis.
  stat=${stat##*) }
  # After comm, start time is the 20th field (22nd of the whole line).
  awk '{ print $20 }' <<<"$stat"
}

# record_pid <file> <pid>: writes "<pid> <start time>" to <file>; fails when <pid>
# is already gone (there is then no process to record).
record_pid() {
  local started
  started=$(proc_start_time "$2") || return 1
  printf '%s %s\n' "$2" "$started" >"$1"
}

# The pid <file> records while that same process still runs, else fails. A file
# without a start time (a bare pid) proves nothing and counts as no process.
pid_from_file() {
  local pid started
  [[ -f $1 ]] || return 1
  read -r pid started <"$1" || return 1
  [[ $pid =~ ^[0-9]+$ && -n $started ]] || return 1
  [[ $(proc_start_time "$pid" 2>/dev/null) == "$started" ]] || return 1
  printf '%s\n' "$pid"
}

# Pid of <name> when our process still runs, else fails.
running_pid() {
  pid_from_file "$PID_DIR/$1.pid"
}

# start_proc <name> <command...>: starts it detached (own session, so a Ctrl-C
# in the terminal does not reach it), output to .lab/logs/<name>.out.
# Environment for the child comes from the caller (env VAR=... command), and so does the user it
# runs as ("${AS_LAB_USER[@]}" before the command): what root wrote in .lab until now becomes the
# invoking user's first, so a process that runs as them can write there.
start_proc() {
  local name=$1
  shift
  lab_dir
  mkdir -p "$PID_DIR" "$LOG_DIR"
  : >"$LOG_DIR/$name.out"
  give_to_lab_user "$LAB_DIR"
  setsid "$@" >"$LOG_DIR/$name.out" 2>&1 </dev/null &
  local pid=$!
  # Not this shell's job: its death (a fault the lab injects) is no news to print here.
  disown "$pid"
  record_pid "$PID_DIR/$name.pid" "$pid" || die "$name exited at once: see $LOG_DIR/$name.out"
  give_to_lab_user "$PID_DIR/$name.pid"
}

# Resident memory of <pid> in KiB (0 when it is gone).
rss_kib() {
  local kib
  kib=$(awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2>/dev/null) || true
  printf '%s\n' "${kib:-0}"
}

# Names of every process with a pid file, running or not.
known_procs() {
  local f
  for f in "$PID_DIR"/*.pid; do
    [[ -e $f ]] || continue
    f=${f##*/}
    printf '%s\n' "${f%.pid}"
  done
}

# stop_procs <timeout s> <name...>: TERM each running one (its process group,
# which it leads since setsid), wait, then KILL what is left. Removes the pid
# files. Touches only pids from our pid files.
stop_procs() {
  local timeout=$1
  shift
  local name pid
  local -a pids=() names=() starts=()
  for name in "$@"; do
    if pid=$(running_pid "$name"); then
      kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
      pids+=("$pid")
      names+=("$name")
      starts+=("$(proc_start_time "$pid" 2>/dev/null || true)")
    fi
  done
  local deadline=$((SECONDS + timeout)) i alive
  while :; do
    alive=0
    for i in "${!pids[@]}"; do
      [[ -d /proc/${pids[i]} ]] && alive=1
    done
    ((alive == 0 || SECONDS >= deadline)) && break
    sleep 0.2
  done
  for i in "${!pids[@]}"; do
    # Still ours: the same pid with the same start time (a pid freed meanwhile may be someone else's).
    if [[ -d /proc/${pids[i]} && $(proc_start_time "${pids[i]}" 2>/dev/null) == "${starts[i]}" ]]; then
      warn "${names[i]} (pid ${pids[i]}) did not stop within ${timeout}s: killing it"
      kill -KILL -- "-${pids[i]}" 2>/dev/null || kill -KILL "${pids[i]}" 2>/dev/null || true
      say "killed ${names[i]} (pid ${pids[i]})"
    else
      say "stopped ${names[i]} (pid ${pids[i]})"
    fi
  done
  for name in "$@"; do
    rm -f "$PID_DIR/$name.pid"
  done
}
