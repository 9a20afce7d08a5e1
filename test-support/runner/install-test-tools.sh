#!/usr/bin/env bash
# Installs, in one apt-get run, what npm test needs from Debian's packages and this machine lacks:
# Chromium's headless shell (the browser tests; not when CHROMIUM_PATH names a browser), nginx
# (e2e/deploy.spec.ts), PostgreSQL's server (the PostgreSQL leg, e2e/ready-database-outage.spec.ts)
# and podman (e2e/container.spec.ts builds the Dockerfile with it; about 25 s to install).
# test.sh starts it first, in the background, and waits for it before the first step that needs
# one of them. Exits 1 when apt-get failed, 0 otherwise (not root, or no apt-get: it says what is
# missing); either way the steps that need a tool then decide (skip, or fail when CI=true).
set -uo pipefail

missing=()
[[ -z "${CHROMIUM_PATH:-}" && ! -x /usr/bin/chromium-headless-shell ]] && missing+=(chromium-headless-shell)
[[ ! -x /usr/sbin/nginx ]] && missing+=(nginx)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
[[ ! -x /usr/bin/podman ]] && missing+=(podman)

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "[tools] all present"
  exit 0
fi
if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null; then
  echo "[tools] missing ${missing[*]}, and not root with apt-get to install them"
  exit 0
fi
echo "[tools] installing ${missing[*]} from Debian's packages…"
if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; then
  echo "[tools] installed ${missing[*]}"
else
  echo "[tools] apt-get could not install ${missing[*]}"
  exit 1
fi
