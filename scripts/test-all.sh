#!/usr/bin/env bash
# npm test: every test. Vitest on embedded PGlite, the same suite on PostgreSQL when a server is
# reachable (TEST_DATABASE_URL, DATABASE_URL, or the local 127.0.0.1:5432), then Playwright in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

# First, so that a machine without Chromium learns it in a second, not after the unit tests: installs
# Debian's chromium when running as root, otherwise stops here with one line saying what to install.
bash scripts/ensure-chromium.sh

echo "== 1/3 Unit and integration tests on PGlite"
env -u DATABASE_URL -u TEST_DATABASE_URL npx vitest run

pg_url="${TEST_DATABASE_URL:-${DATABASE_URL:-}}"
if [ -z "$pg_url" ] && command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1 -p 5432; then
  pg_url="postgres://postgres@127.0.0.1:5432/test"
fi
if [ -n "$pg_url" ]; then
  echo "== 2/3 Unit and integration tests on PostgreSQL (${pg_url%%@*}@…)"
  # Every statement the product sends on the way is logged, then checked to name its tenant.
  statements="$(mktemp -d)"
  SQL_STATEMENT_LOG="$statements" TEST_DATABASE_URL="$pg_url" npx vitest run
  npx tsx scripts/check-tenant-filters.ts "$statements"
  rm -rf "$statements"
else
  echo "== 2/3 PostgreSQL not reachable: set TEST_DATABASE_URL to run the suite on it"
fi

echo "== 3/3 End-to-end tests in Chromium"
npx playwright test
