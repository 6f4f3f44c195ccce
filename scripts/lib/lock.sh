# shellcheck shell=bash
# One scripts/lab at a time starts, stops or loads the stack: two 'up's would start two sets of
# brokers on one set of ports and pid files, two runs would reset each other's consumer and mix
# their phases. Such a command holds .lab/lock ("<pid> <start time> <command>") for its life. What
# it starts itself (a scenario's fault steps run 'scripts/lab broker ...') inherits the hold through
# LAB_LOCK_HELD; faults and delays by hand (broker, consumer, delay) and reads (status, diff) take
# none. A lock whose process is gone (killed with SIGKILL) is taken over.
# Sourced, not run; needs common.sh and procs.sh.

take_lab_lock() {
  local what=$1 file pid started holder
  [[ -n ${LAB_LOCK_HELD:-} ]] && return 0
  file=$LAB_DIR/lock
  mkdir -p "$LAB_DIR"
  # noclobber: the file is created only when absent (O_EXCL), so of two at once one wins.
  until (set -o noclobber && printf '%s %s %s\n' "$$" "$(proc_start_time $$)" "$what" >"$file") 2>/dev/null; do
    if read -r pid started holder <"$file" 2>/dev/null && [[ $pid =~ ^[0-9]+$ ]] &&
      [[ $(proc_start_time "$pid" 2>/dev/null) == "$started" ]]; then
      die "another scripts/lab command is running: '$holder' (pid $pid); wait for it to end, or stop it (kill $pid), then try again"
    fi
    # Its holder is gone.
    rm -f "$file"
  done
  LAB_LOCK_HELD=$$
  export LAB_LOCK_HELD
  trap 'release_lab_lock; give_lab_dir_back' EXIT
}

release_lab_lock() {
  local pid
  read -r pid _ <"$LAB_DIR/lock" 2>/dev/null || return 0
  if [[ $pid == "$$" ]]; then rm -f "$LAB_DIR/lock"; fi
}
