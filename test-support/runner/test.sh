#!/usr/bin/env bash
# `npm test`: every check there is, the fastest to fail first. Ends with each step's wall time,
# each runner's slowest files, the tests counted per runner, one overall "N passed, N failed" line
# and the total against the budget (test-report.mjs; kept in test-results/timings.json).
# docs/testing.md says what runs where and why, with the times measured.
set -uo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/../.."

results=test-results
mkdir -p "$results"
rm -rf "$results"/steps.tsv "$results"/vitest-*.json "$results"/playwright.json "$results"/timings.json \
  "$results"/*.log "$results"/parts "$results"/tools.status "$results"/tools.ended
# .ci/run sets PAYDESK_TEST_T0 before `npm install`, so the total counts the install too.
started=${PAYDESK_TEST_T0:-$(date +%s)}
echo "$started" >"$results/started-at"
if [[ -n "${PAYDESK_TEST_T0:-}" ]]; then
  printf 'npm install\t%s\tok\n' "$(($(date +%s) - PAYDESK_TEST_T0))" >>"$results/steps.tsv"
fi

step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }
report() { node test-support/runner/test-report.mjs "$results"; }
fail() { echo "npm test: $1 failed"; report; exit 1; }
# EPOCHREALTIME's digits alone: its separator follows the locale.
now_ms() { echo $((${EPOCHREALTIME//[!0-9]/} / 1000)); }
# record NAME START_MS STATUS [KIND]: one line of steps.tsv. KIND "part" marks a step that ran
# beside others, inside a step of its own (its time is not added to the total again).
record() {
  local elapsed_ms=$(($(now_ms) - $2))
  printf '%s\t%d.%d\t%s\t%s\n' "$1" $((elapsed_ms / 1000)) $((elapsed_ms % 1000 / 100)) \
    "$([[ $3 -eq 0 ]] && echo ok || echo "exit $3")" "${4:-}" >>"$results/steps.tsv"
}
# timed NAME COMMAND...: runs COMMAND as one step and records its wall time and status.
timed() {
  local name=$1 start status
  shift
  step "$name"
  start=$(now_ms)
  "$@"
  status=$?
  record "$name" "$start" $status
  return $status
}
# together NAME [LABEL COMMAND]...: runs each COMMAND at once (a string, run by bash), then
# prints their outputs one after the other; fails if any failed, naming it.
together() {
  local name=$1 start failed="" i=0
  shift
  step "$name"
  start=$(now_ms)
  local labels=() pids=()
  mkdir -p "$results/parts"
  while [[ $# -gt 0 ]]; do
    labels+=("$1")
    (
      part_start=$(now_ms)
      bash -c "$2"
      part_status=$?
      results=$results/parts record "$1" "$part_start" $part_status part
      exit $part_status
    ) >"$results/part-$i.log" 2>&1 &
    pids+=($!)
    shift 2
    i=$((i + 1))
  done
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}"
    local status=$?
    printf '\033[1m-- %s\033[0m\n' "${labels[$i]}"
    cat "$results/part-$i.log"
    [[ $status -ne 0 && -z "$failed" ]] && failed=${labels[$i]}
  done
  record "$name" "$start" "$([[ -z "$failed" ]] && echo 0 || echo 1)"
  cat "$results/parts/steps.tsv" >>"$results/steps.tsv" && rm -r "$results/parts"
  [[ -z "$failed" ]] || { echo "$failed failed"; return 1; }
}
# vitest_run KEY ARGS...: vitest with its JSON report and file times in $results/KEY*.json.
vitest_run() {
  local key=$1
  shift
  PAYDESK_FILE_TIMES="$results/$key.files.json" npx vitest run "$@" \
    --reporter=default --reporter=json --reporter=./test-support/runner/vitest-file-times.ts \
    --outputFile.json="$results/$key.json"
}
export -f vitest_run
export results

# Debian's packages the later steps need install while the checks run (apt-get is mostly waiting
# on the network and the disk).
tools_start=$(now_ms)
# Its own session, so a Ctrl-C meant for the tests does not interrupt dpkg halfway.
setsid --wait bash -c 'bash test-support/runner/install-test-tools.sh; echo $? >"$1/tools.status"; date +%s%3N >"$1/tools.ended"' _ "$results" \
  >"$results/tools.log" 2>&1 &
tools_pid=$!
# However the run ends, apt-get is not left running (holding dpkg's lock) behind it.
trap 'wait "$tools_pid" 2>/dev/null' EXIT
tools_ready() {
  local start
  step "Test tools from Debian's packages (installing in the background since the start)"
  start=$(now_ms)
  wait "$tools_pid"
  cat "$results/tools.log"
  record "Waiting for the test tools" "$start" 0
  # When it ended, in ms (a file's mtime has whole seconds only, which could read as before the start).
  local ended_ms
  ended_ms=$(cat "$results/tools.ended" 2>/dev/null || echo "$tools_start")
  local took_ms=$((ended_ms > tools_start ? ended_ms - tools_start : 0))
  printf '%s\t%d.%d\t%s\tpart\n' "Test tools (Chromium's headless shell, nginx, PostgreSQL, podman), in the background" \
    $((took_ms / 1000)) $((took_ms % 1000 / 100)) \
    "$([[ $(cat "$results/tools.status" 2>/dev/null) == 0 ]] && echo ok || echo failed)" >>"$results/steps.tsv"
}

together "Typecheck, lint, dependency rules and the OpenAPI lint, at once" \
  "Typecheck" "npx tsc --noEmit" \
  "Lint" "npx eslint --max-warnings=0 ." \
  "Architecture (dependency rules)" "npm run --silent lint:deps" \
  "The sandbox's OpenAPI document (Redocly)" "npm run --silent lint:openapi" ||
  fail "a static check"

# The model tests run 100 times on PGlite and 100 times on PostgreSQL (the same steps against the
# real server's SQL and locking): the payouts model is the longest file of either run (about 40 s
# for 100 runs on two busy cores). `npm run test:models` runs 5,000.
timed "Unit and integration tests (embedded PGlite)" \
  env -u DATABASE_URL -u TEST_DATABASE_URL PAYDESK_MODEL_RUNS="${PAYDESK_MODEL_RUNS:-100}" \
  bash -c 'vitest_run vitest-pglite' || fail "vitest"

tools_ready
timed "Database tests on PostgreSQL" \
  bash test-support/runner/with-postgres.sh env PAYDESK_MODEL_RUNS="${PAYDESK_MODEL_RUNS:-100}" \
  bash -c 'vitest_run vitest-postgres db.test'
status=$?
if [[ $status -eq 3 ]]; then
  if [[ "${CI:-}" == "true" ]]; then fail "the PostgreSQL leg (required when CI=true)"; fi
  echo "Skipped: no PostgreSQL server available (set DATABASE_URL, or run as root so one can be installed)."
elif [[ $status -ne 0 ]]; then
  fail "the PostgreSQL leg"
fi

timed "Build (the bundle: .next/standalone)" npm run --silent build || fail "npm run build"

if [[ -z "${CHROMIUM_PATH:-}" && ! -x /usr/bin/chromium-headless-shell && ! -x /usr/bin/chromium ]]; then
  fail "installing Chromium (run as root, or set CHROMIUM_PATH)"
fi
# e2e/deploy.spec.ts puts nginx in front of the bundle; without it (and CI unset) that spec skips.
if [[ ! -x /usr/sbin/nginx && "${CI:-}" == "true" ]]; then fail "installing nginx (required when CI=true)"; fi
# e2e/container.spec.ts builds the Dockerfile with podman and runs the image under chroot (as root).
if [[ ! -x /usr/bin/podman && "${CI:-}" == "true" ]]; then fail "installing podman (required when CI=true)"; fi
# e2e/ready-database-outage.spec.ts stops and starts a PostgreSQL server of its own: it is skipped
# without PostgreSQL's binaries, except with CI=true, where they are required.
if [[ "${CI:-}" == "true" ]]; then
  PAYDESK_PG_BIN=$(bash test-support/runner/postgres-bin.sh) || fail "installing PostgreSQL (required when CI=true)"
  export PAYDESK_PG_BIN
fi
timed "Browser tests (Playwright, Chromium's headless shell)" \
  env E2E_RUN_ID="run-$$" PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" \
  npx playwright test --reporter=list,json || fail "playwright"
rm -rf "data/e2e/run-$$"

report
