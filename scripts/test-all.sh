#!/usr/bin/env bash
# The whole test command: typecheck, lint, unit and server tests on SQLite (the API fuzzer's
# bounded pass included), the server tests again on a throwaway PostgreSQL cluster, a production
# build, the crash-safety run against the built server on both databases, three built instances
# on one PostgreSQL behind HAProxy (restarted and killed under load), and the browser tests in
# Debian's Chromium against the built app. Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
REPORTS=$(mktemp -d /tmp/daymark-reports.XXXXXX)
trap 'rm -rf "$REPORTS"' EXIT

step() { printf '\n=== %s (at %d s) ===\n' "$1" "$SECONDS"; }

step "typecheck"
npm run --silent typecheck

step "lint and format"
npx biome check .

step "unit and server tests (SQLite)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$REPORTS/sqlite.json"

step "server tests (PostgreSQL)"
bash scripts/with-postgres.sh npx vitest run server --reporter=default --reporter=json --outputFile.json="$REPORTS/postgres.json"

step "production build"
npm run --silent build

step "crash safety (20 SIGKILLs per database)"
bash scripts/with-postgres.sh npm run --silent chaos -- --kills 20

step "cluster (three instances behind HAProxy)"
npm run --silent test:cluster

step "browser tests (Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$REPORTS/e2e.json" npx playwright test --reporter=list,json

node scripts/summarize-tests.mjs "$REPORTS"
echo "All stages took $SECONDS s."
