#!/bin/sh
# Grafana's admin password for the compose stack, made inside the stack so that `docker compose up`
# needs nothing exported and the repository holds no password (a committed one is everybody's).
# docker-compose.yml's one-shot service grafana-init runs it with sh in Grafana's own image (which
# has no bash), as root: a fresh named volume is root's, and only root can give the file to
# Grafana's user. Grafana reads the file through GF_SECURITY_ADMIN_PASSWORD__FILE.
#
# Usage: sh admin-password.sh <folder> <owner>
#   <folder>  where the password lives (the volume grafana-admin-password, /run/lab-grafana)
#   <owner>   the user Grafana runs as (472 in the official image), who alone may read it
# GRAFANA_ADMIN_PASSWORD, when not empty, is the password (the user's own wins, and replaces
# the one kept); without it a password that is there already is kept, never overwritten, and
# one is made only when there is none.
set -eu

if [ "$#" -ne 2 ]; then
  echo "usage: sh admin-password.sh <folder> <owner>" >&2
  exit 2
fi
dir=$1
owner=$2
file=$dir/admin-password
# Where the user reads it: the file as Grafana's container sees it (the user can exec there).
read_it="docker compose exec grafana cat /run/lab-grafana/admin-password"

# Everything made here is the owner's alone from its first byte.
umask 077
mkdir -p "$dir"
chown "$owner" "$dir"
chmod 700 "$dir"

# A link in the password's place could send the write, or Grafana's read, anywhere: refused.
if [ -L "$file" ]; then
  echo "grafana-init: $file is a link: refused (remove the volume grafana-admin-password)" >&2
  exit 1
fi

if [ -n "${GRAFANA_ADMIN_PASSWORD:-}" ]; then
  # Written whole under another name and renamed into place: Grafana never reads half of it.
  rm -f "$file.new"
  printf '%s\n' "$GRAFANA_ADMIN_PASSWORD" >"$file.new"
  chown "$owner" "$file.new"
  chmod 600 "$file.new"
  mv -f "$file.new" "$file"
  echo "grafana-init: Grafana's admin password is the GRAFANA_ADMIN_PASSWORD you gave, kept in $file"
  exit 0
fi

if [ -s "$file" ]; then
  # Kept: the password of every earlier start stays valid until the volume is deleted.
  chown "$owner" "$file"
  chmod 600 "$file"
  echo "grafana-init: Grafana's admin password is the one made at the first start, in $file; read it with: $read_it"
  exit 0
fi

# An empty file holds no password: it is replaced.
rm -f "$file"
# 32 letters and digits (about 190 bits) from the kernel's random source. head ends the pipe; tr's
# SIGPIPE is no failure without pipefail, which sh lacks.
password=$(LC_ALL=C tr -dc 'A-Za-z0-9' </dev/urandom | head -c 32)
if [ "${#password}" -ne 32 ]; then
  echo "grafana-init: could not read 32 random letters and digits from /dev/urandom" >&2
  exit 1
fi
# noclobber: created only if absent (O_EXCL), so a file that appeared meanwhile is never overwritten.
set -C
printf '%s\n' "$password" >"$file"
set +C
chown "$owner" "$file"
chmod 600 "$file"
echo "grafana-init: made Grafana's admin password (user admin) in $file; read it with: $read_it"
