# shellcheck shell=bash
# Processes the lab starts: one pid file per process, .lab/pids/<name>.pid, holding "<pid> <start
# time>" on its first line and then the command the lab started, NUL-separated as /proc/<pid>/cmdline
# shows it. A pid file is only a claim (its folder is the user's, and root reads it under sudo): the
# lab signals a pid only while the process that has it is the one it started (see lab_proc_refusal).
# Sourced, not run; needs common.sh.

proc_start_time() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  # Field 2 (comm) may hold spaces: count fields after its closing parenthesis.
  stat=${stat##*) }
  # After comm, start time is the 20th field (22nd of the whole line).
  awk '{ print $20 }' <<<"$stat"
}

# Process group of <pid> (field 5 of /proc/<pid>/stat).
proc_group() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  stat=${stat##*) }
  awk '{ print $3 }' <<<"$stat"
}

# record_pid <file> <pid> <command...>: records <pid>, its start time and the command it was started
# with; fails when <pid> is already gone (there is then no process to record). Written whole under a
# new name and renamed over <file>, so a link planted at <file> is replaced, never written through.
record_pid() {
  local file=$1 pid=$2 started tmp
  shift 2
  started=$(proc_start_time "$pid") || return 1
  tmp=$(mktemp "$file.XXXXXX")
  { printf '%s %s\n' "$pid" "$started"; printf '%s\0' "$@"; } >"$tmp"
  mv -f -- "$tmp" "$file"
  # A child just forked is this shell until it execs, with this shell's command line, not the one
  # recorded: wait for the exec (or its end), so whoever looks next finds what the lab started.
  local deadline=$((SECONDS + 5))
  while cmp -s "/proc/$pid/cmdline" "/proc/$$/cmdline" && ((SECONDS < deadline)); do sleep 0.01; done
}

# lab_proc_refusal <file>: why the live process with the pid <file> records is not the one the lab
# started, printed; prints nothing and fails when it is the lab's, or when no process has that pid.
# Each rule stands alone against a file written by someone else: no pid below 2 (init, or every
# process with kill -- -1); the recorded start time (a pid is recycled); an owner the lab runs as
# (itself, and SUDO_USER under sudo); its command line, after the program's name, the tail of the
# one recorded (setsid, setpriv, env and 'ip netns exec' exec what follows them; a script's first
# word there is its path); and a command line that names this checkout or its .lab, read from the
# process, not from the file: the one rule a file copied from a process' own /proc cannot meet.
# The delay wire's and the host relays' pids may also belong to nobody: the uid they become when root acts for no one.
lab_proc_refusal() {
  local file=$1 pid started uid arg named=0
  local -a recorded=() live=() owners=("$EUID")
  [[ -f $file ]] || return 1
  read -r pid started <"$file" || true
  if [[ ! $pid =~ ^[1-9][0-9]*$ ]]; then
    printf "'%s' is not a pid\n" "$pid"
    return 0
  fi
  if ((pid < 2)); then
    printf 'pid %s is never a process the lab started\n' "$pid"
    return 0
  fi
  [[ -d /proc/$pid ]] || return 1
  if [[ -z $started ]]; then
    printf 'pid %s has no start time recorded beside it\n' "$pid"
    return 0
  fi
  if [[ $(proc_start_time "$pid" 2>/dev/null) != "$started" ]]; then
    printf 'pid %s started at another time than the recorded one (a pid used again, or the file changed)\n' "$pid"
    return 0
  fi
  [[ -n ${LAB_USER:-} ]] && owners+=("$(id -u "$LAB_USER")")
  # The delay wire and the host relays give up root for LAB_USER's uid, or for nobody's when root acts for no one (wire_run_as).
  [[ ${file##*/} == network-delay.pid || ${file##*/} == host-relays.pid ]] && owners+=("$NOBODY_UID")
  uid=$(awk '/^Uid:/ { print $2 }' "/proc/$pid/status" 2>/dev/null) || true
  if [[ " ${owners[*]} " != *" $uid "* ]]; then
    printf 'pid %s belongs to uid %s, not to the user the lab runs as\n' "$pid" "${uid:-?}"
    return 0
  fi
  mapfile -d '' -t recorded < <(tail -n +2 -- "$file")
  if ((${#recorded[@]} == 0)); then
    printf 'pid %s has no command recorded beside it (a pid file of an earlier version: stop it by its pid)\n' "$pid"
    return 0
  fi
  mapfile -d '' -t live 2>/dev/null <"/proc/$pid/cmdline" || true
  local n=$((${#live[@]} - 1)) i
  if ((n < 1 || n > ${#recorded[@]})); then
    printf 'pid %s runs another command than the one recorded\n' "$pid"
    return 0
  fi
  local expected
  for ((i = 1; i <= n; i++)); do
    expected=${recorded[${#recorded[@]} - n - 1 + i]}
    [[ ${live[i]} == "$expected" ]] && continue
    # A script runs as its interpreter with the script after it, named by its path: the recorded word's.
    ((i == 1)) && [[ ${live[i]} == */"$expected" ]] && continue
    printf 'pid %s runs another command than the one recorded\n' "$pid"
    return 0
  done
  for arg in "${live[@]}"; do
    [[ $arg == *"$ROOT/"* || $arg == *"$LAB_DIR/"* ]] && named=1
  done
  if ((!named)); then
    printf 'pid %s runs a command that names neither %s nor %s\n' "$pid" "$ROOT" "$LAB_DIR"
    return 0
  fi
  return 1
}

# The pid <file> records while the lab's process still runs under it, else fails (no file, its
# process gone, or a process the lab did not start: lab_proc_refusal).
pid_from_file() {
  local pid
  [[ -f $1 ]] || return 1
  read -r pid _ <"$1" || return 1
  [[ $pid =~ ^[1-9][0-9]*$ && -d /proc/$pid ]] || return 1
  ! lab_proc_refusal "$1" >/dev/null || return 1
  printf '%s\n' "$pid"
}

# say_refusal <name> <file>: when a live process has the pid <file> records but is not the lab's,
# says why it is left alone. Fails only when there is nothing to say.
say_refusal() {
  local why
  why=$(lab_proc_refusal "$2") || return 0
  warn "not signalling $1: $why"
}

# signal_lab_proc <signal> <pid>: the signal to <pid>'s process group when <pid> leads it (what
# start_proc's setsid made), else to <pid> alone; never to a group the pid does not lead.
signal_lab_proc() {
  if [[ $(proc_group "$2" 2>/dev/null) == "$2" ]]; then
    kill "-$1" -- "-$2" 2>/dev/null || kill "-$1" "$2"
  else
    kill "-$1" "$2"
  fi
}

# Pid of <name> when our process still runs, else fails.
running_pid() {
  pid_from_file "$PID_DIR/$1.pid"
}

# start_proc <name> <command...>: starts it detached (own session, so a Ctrl-C
# in the terminal does not reach it), output to .lab/logs/<name>.out. The log of
# the name's run before is kept as <name>.out.1: a scenario's restart step would
# otherwise erase what the instance it stopped or killed said last.
# Environment for the child comes from the caller (env VAR=... command), and so does the user it
# runs as ("${AS_LAB_USER[@]}" before the command): what root wrote in .lab until now becomes the
# invoking user's first, so a process that runs as them can write there.
start_proc() {
  local name=$1
  shift
  lab_dir
  mkdir -p "$PID_DIR" "$LOG_DIR"
  if [[ -s $LOG_DIR/$name.out && ! -L $LOG_DIR/$name.out ]]; then
    mv -f -- "$LOG_DIR/$name.out" "$LOG_DIR/$name.out.1"
  fi
  : >"$LOG_DIR/$name.out"
  give_to_lab_user "$LAB_DIR"
  setsid "$@" >"$LOG_DIR/$name.out" 2>&1 </dev/null &
  local pid=$!
  # Not this shell's job: its death (a fault the lab injects) is no news to print here.
  disown "$pid"
  record_pid "$PID_DIR/$name.pid" "$pid" "$@" || die "$name exited at once: see $LOG_DIR/$name.out"
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
      # The start time the pid file records, which running_pid checked: read after the TERM, the pid
      # could be another process's already.
      local started=''
      read -r _ started <"$PID_DIR/$name.pid" || true
      signal_lab_proc TERM "$pid" 2>/dev/null || true
      pids+=("$pid")
      names+=("$name")
      starts+=("$started")
    else
      say_refusal "$name" "$PID_DIR/$name.pid"
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
      signal_lab_proc KILL "${pids[i]}" 2>/dev/null || true
      say "killed ${names[i]} (pid ${pids[i]})"
    else
      say "stopped ${names[i]} (pid ${pids[i]})"
    fi
  done
  for name in "$@"; do
    rm -f "$PID_DIR/$name.pid"
  done
}
