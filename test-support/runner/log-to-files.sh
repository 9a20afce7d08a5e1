#!/usr/bin/env bash
# log-to-files.sh PREFIX COMMAND...: runs COMMAND (as this very process, so signals reach it) with
# its stdout copied to PREFIX.stdout.log and its stderr to PREFIX.stderr.log, still passing both
# through. The browser tests read a server's log this way (e2e/server-log.spec.ts).
set -euo pipefail
prefix=$1
shift
mkdir -p "$(dirname "$prefix")"
exec > >(tee -a "$prefix.stdout.log") 2> >(tee -a "$prefix.stderr.log" >&2)
exec "$@"
