#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a PostgreSQL server: the one DATABASE_URL
# names, else a private throwaway server on 127.0.0.1 (installed from Debian's packages when
# missing, which needs root). Exit 3 means no server could be had.
set -euo pipefail

if [[ -n "${DATABASE_URL:-}" ]]; then
  echo "[postgres] using the server DATABASE_URL names"
  TEST_DATABASE_URL="$DATABASE_URL" exec "$@"
fi

bin=$(bash "$(dirname "$0")/postgres-bin.sh") || exit 3

dir=$(mktemp -d /tmp/paydesk-pg.XXXXXX)
# A free port unless one is given: a server left over from another run must not fail this one.
free_port() { node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'; }
port=${PAYDESK_TEST_PG_PORT:-$(free_port)}
run_pg() { if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[[ $(id -u) -eq 0 ]] && chown postgres "$dir"
cleanup() {
  run_pg "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

run_pg "$bin/initdb" -D "$dir/data" --auth=trust --username=postgres --encoding=UTF8 >/dev/null
run_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
echo "[postgres] private server $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"

TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" "$@"
