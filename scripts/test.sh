#!/usr/bin/env bash
# `npm test`: lint, the formatter's check, typecheck, unit + API tests on PGlite, the tests that open a
# database again on PostgreSQL when TEST_DATABASE_URL is set, the JavaScript budget of the production
# build, then the end-to-end tests in Debian's Chromium.
#
# The PostgreSQL run takes every unit/API test file that opens a database: one that imports
# tests/support/db.ts (directly or through another tests/support harness) or names openDatabase or
# TEST_DATABASE_URL itself (tests/support/database-files.ts prints them). A file with no database
# proves the same thing on either engine, so it runs once, on PGlite; a file that reaches the harness
# some other way fails in createTestDatabase rather than being left out (docs/architecture.md, Tests).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s ==\033[0m\n' "$1"; }
results=tmp/test-results
rm -rf "$results" && mkdir -p "$results"
# Each Vitest run also writes a JSON report; the last line sums them up.
report() { echo "--reporter=default --reporter=json --outputFile.json=$results/$1.json"; }

step "lint and format"
npx eslint . --max-warnings=0
npx prettier --check . --log-level warn

step "typecheck"
npx react-router typegen >/dev/null
npx tsc --noEmit

step "unit, domain and API tests (PGlite)"
env -u TEST_DATABASE_URL npx vitest run $(report unit)

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "domain and API tests (PostgreSQL: ${TEST_DATABASE_URL%%\?*})"
  # shellcheck disable=SC2046 # one argument a file
  npx vitest run $(node --import tsx tests/support/database-files.ts) $(report postgres)
else
  echo "(TEST_DATABASE_URL not set: skipping the PostgreSQL run of the API suite)"
fi

step "end-to-end (Chromium)"
bash scripts/ensure-chromium.sh
npx react-router build >/dev/null

step "JavaScript budget per page (the build just made)"
JS_BUDGET_REQUIRE_BUILD=1 npx vitest run --config tests/bundle/vitest.config.ts $(report budget)

npx vitest run --config vitest.e2e.config.ts $(report e2e)

node scripts/test-summary.mjs "$results"
