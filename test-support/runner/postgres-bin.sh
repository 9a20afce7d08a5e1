#!/usr/bin/env bash
# Prints the directory of PostgreSQL's server binaries (initdb, pg_ctl, postgres), installing them
# from Debian's packages when missing (which needs root). Exit 3 means none could be had.
set -euo pipefail

# The client package alone (psql) also has a bin folder: look for the server's initdb.
find_bin() { { ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null || true; } | sort -V | tail -n 1 | xargs -r dirname; }
bin=$(find_bin)
if [[ -z "$bin" ]]; then
  if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null; then
    echo "[postgres] no PostgreSQL server installed and not root with apt-get to install one" >&2
    exit 3
  fi
  echo "[postgres] installing PostgreSQL from Debian's packages…" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) || {
    echo "[postgres] apt-get could not install postgresql" >&2
    exit 3
  }
  bin=$(find_bin)
fi
echo "$bin"
