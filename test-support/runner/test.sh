#!/usr/bin/env bash
# `npm test`: every check there is, in the order that fails fastest. Ends with each runner's
# summary and one overall "N passed, N failed" line.
set -uo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/../.."

results=$(mktemp -d /tmp/paydesk-test.XXXXXX)
trap 'rm -rf "$results"' EXIT
step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }
fail() { echo "npm test: $1 failed"; node test-support/runner/test-summary.mjs "$results"; exit 1; }

step "Typecheck"
npx tsc --noEmit || fail "typecheck"

step "Lint"
npx eslint --max-warnings=0 . || fail "lint"

step "Architecture (dependency rules)"
npm run --silent lint:deps || fail "the dependency rules"

step "The sandbox's OpenAPI document (Redocly, recommended rules)"
npm run --silent lint:openapi || fail "the OpenAPI lint"

step "Unit and integration tests (embedded PGlite)"
env -u DATABASE_URL -u TEST_DATABASE_URL npx vitest run --reporter=default --reporter=json \
  --outputFile.json="$results/vitest-pglite.json" || fail "vitest"

step "Database tests on PostgreSQL"
bash test-support/runner/with-postgres.sh npx vitest run db.test --reporter=default --reporter=json \
  --outputFile.json="$results/vitest-postgres.json"
status=$?
if [[ $status -eq 3 ]]; then
  if [[ "${CI:-}" == "true" ]]; then fail "the PostgreSQL leg (required when CI=true)"; fi
  echo "Skipped: no PostgreSQL server available (set DATABASE_URL, or run as root so one can be installed)."
elif [[ $status -ne 0 ]]; then
  fail "the PostgreSQL leg"
fi

step "Build (the bundle: .next/standalone)"
npm run --silent build || fail "npm run build"

step "Browser tests (Playwright, Debian's Chromium)"
if [[ ! -x /usr/bin/chromium && -z "${CHROMIUM_PATH:-}" ]]; then
  echo "Installing Chromium from Debian's packages…"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } ||
    fail "installing Chromium (run as root, or set CHROMIUM_PATH)"
fi
# e2e/ready-database-outage.spec.ts stops and starts a PostgreSQL server of its own: it is skipped
# without PostgreSQL's binaries, except with CI=true, where they are installed when missing.
if [[ "${CI:-}" == "true" ]]; then
  PAYDESK_PG_BIN=$(bash test-support/runner/postgres-bin.sh) || fail "installing PostgreSQL (required when CI=true)"
  export PAYDESK_PG_BIN
fi
# e2e/deploy.spec.ts puts nginx in front of the bundle; without it (and CI unset) that spec skips.
if [[ ! -x /usr/sbin/nginx ]]; then
  echo "Installing nginx from Debian's packages…"
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null; }; then
    if [[ "${CI:-}" == "true" ]]; then fail "installing nginx (required when CI=true; run as root)"; fi
    echo "Could not install nginx (not root?): e2e/deploy.spec.ts will skip."
  fi
fi
E2E_RUN_ID="run-$$" PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" \
  npx playwright test --reporter=list,json || fail "playwright"
rm -rf "data/e2e/run-$$"

node test-support/runner/test-summary.mjs "$results"
