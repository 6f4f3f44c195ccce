# shellcheck shell=bash
# One scripts/lab at a time starts, stops or loads the stack: two 'up's would start two sets of
# brokers on one set of ports and pid files, two runs would reset each other's consumer and mix
# their phases. Such a command holds .lab/lock ("<pid> <start time> <command>") for its life. What
# it starts itself (a scenario's fault steps run 'scripts/lab broker ...') inherits the hold through
# LAB_LOCK_HELD; faults and delays by hand (broker, consumer, delay) and reads (status, diff) take
# none. A lock whose process is gone (killed with SIGKILL) is taken over. .lab is made 0700 (lab_dir).
# Sourced, not run; needs common.sh and procs.sh.

take_lab_lock() {
  local what=$1 file pid started holder guard
  [[ -n ${LAB_LOCK_HELD:-} ]] && return 0
  file=$LAB_DIR/lock
  lab_dir
  # Reading the lock, taking over one whose holder is gone and writing ours happen under an flock
  # of the .lab folder itself: of two commands at once one decides at a time, so two cannot both
  # take over a stale lock. The folder, not a file in it: a file there could be a link the user put
  # in its place, which a command under sudo would open as root. The lock is written whole (a new
  # file renamed over it), so it is never read half-written and a link at its name is replaced.
  exec {guard}<"$LAB_DIR"
  flock -x "$guard"
  if read -r pid started holder 2>/dev/null <"$file" && [[ $pid =~ ^[0-9]+$ ]] &&
    [[ $(proc_start_time "$pid" 2>/dev/null) == "$started" ]]; then
    exec {guard}>&-
    die "another scripts/lab command is running: '$holder' (pid $pid); wait for it to end, or stop it (kill $pid), then try again"
  fi
  # Absent, or its holder is gone.
  local tmp
  tmp=$(mktemp "$file.XXXXXX")
  printf '%s %s %s\n' "$$" "$(proc_start_time $$)" "$what" >"$tmp"
  mv -f -- "$tmp" "$file"
  exec {guard}>&-
  LAB_LOCK_HELD=$$
  export LAB_LOCK_HELD
  trap 'release_lab_lock; give_lab_dir_back' EXIT
}

release_lab_lock() {
  local pid
  read -r pid _ 2>/dev/null <"$LAB_DIR/lock" || return 0
  if [[ $pid == "$$" ]]; then rm -f "$LAB_DIR/lock"; fi
}
