#!/usr/bin/env bash
# `npm test`: every check there is, in the order that fails fastest. Ends with each step's wall
# time, each runner's slowest files, the tests counted per runner, one overall "N passed, N failed"
# line and the total against the budget (test-report.mjs; kept in test-results/timings.json).
set -uo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/../.."

results=test-results
mkdir -p "$results"
rm -f "$results"/steps.tsv "$results"/vitest-*.json "$results"/playwright.json "$results"/timings.json

# .ci/run sets PAYDESK_TEST_T0 before `npm install`, so the total counts the install too.
if [[ -n "${PAYDESK_TEST_T0:-}" ]]; then
  printf 'npm install\t%s\tok\n' "$(($(date +%s) - PAYDESK_TEST_T0))" >>"$results/steps.tsv"
fi

step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }
report() { node test-support/runner/test-report.mjs "$results"; }
fail() { echo "npm test: $1 failed"; report; exit 1; }
# timed NAME COMMAND...: runs COMMAND as one step and records its wall time (and status) in steps.tsv.
timed() {
  local name=$1 start status elapsed_ms
  shift
  step "$name"
  start=${EPOCHREALTIME/./}
  "$@"
  status=$?
  elapsed_ms=$(((${EPOCHREALTIME/./} - start) / 1000))
  printf '%s\t%d.%d\t%s\n' "$name" $((elapsed_ms / 1000)) $((elapsed_ms % 1000 / 100)) \
    "$([[ $status -eq 0 ]] && echo ok || echo "exit $status")" >>"$results/steps.tsv"
  return $status
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

timed "Typecheck" npx tsc --noEmit || fail "typecheck"
timed "Lint" npx eslint --max-warnings=0 . || fail "lint"
timed "Architecture (dependency rules)" npm run --silent lint:deps || fail "the dependency rules"
timed "The sandbox's OpenAPI document (Redocly)" npm run --silent lint:openapi || fail "the OpenAPI lint"

timed "Unit and integration tests (embedded PGlite)" \
  env -u DATABASE_URL -u TEST_DATABASE_URL bash -c 'vitest_run vitest-pglite' || fail "vitest"

timed "Database tests on PostgreSQL" \
  bash test-support/runner/with-postgres.sh bash -c 'vitest_run vitest-postgres db.test'
status=$?
if [[ $status -eq 3 ]]; then
  if [[ "${CI:-}" == "true" ]]; then fail "the PostgreSQL leg (required when CI=true)"; fi
  echo "Skipped: no PostgreSQL server available (set DATABASE_URL, or run as root so one can be installed)."
elif [[ $status -ne 0 ]]; then
  fail "the PostgreSQL leg"
fi

timed "Build (the bundle: .next/standalone)" npm run --silent build || fail "npm run build"

install_browser_test_tools() {
  # Debian's Chromium, in its headless shell (playwright.config.ts says why).
  if [[ ! -x /usr/bin/chromium-headless-shell && -z "${CHROMIUM_PATH:-}" ]]; then
    echo "Installing Chromium's headless shell from Debian's packages…"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null; } ||
      { echo "installing Chromium failed (run as root, or set CHROMIUM_PATH)"; return 1; }
  fi
  # e2e/deploy.spec.ts puts nginx in front of the bundle; without it (and CI unset) that spec skips.
  if [[ ! -x /usr/sbin/nginx ]]; then
    echo "Installing nginx from Debian's packages…"
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null; }; then
      if [[ "${CI:-}" == "true" ]]; then echo "installing nginx failed (required when CI=true; run as root)"; return 1; fi
      echo "Could not install nginx (not root?): e2e/deploy.spec.ts will skip."
    fi
  fi
}
timed "Browser test tools (Chromium, nginx)" install_browser_test_tools || fail "installing the browser tests' tools"
# e2e/ready-database-outage.spec.ts stops and starts a PostgreSQL server of its own: it is skipped
# without PostgreSQL's binaries, except with CI=true, where they are installed when missing.
if [[ "${CI:-}" == "true" ]]; then
  PAYDESK_PG_BIN=$(bash test-support/runner/postgres-bin.sh) || fail "installing PostgreSQL (required when CI=true)"
  export PAYDESK_PG_BIN
fi
timed "Browser tests (Playwright, Debian's Chromium)" \
  env E2E_RUN_ID="run-$$" PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" \
  npx playwright test --reporter=list,json || fail "playwright"
rm -rf "data/e2e/run-$$"

report
