#!/bin/bash
# Times the customer portal's calls and pages over HTTP on a running app (3 runs each, after signing in).
# usage: scripts/bench/portal-http.sh [port] [family code] [from date]
# e.g.   DATA_DIR=.data NEXT_DIST_DIR=.next npx next start -p 3000 & scripts/bench/portal-http.sh 3000 P0127 2024-01-01
set -euo pipefail
PORT=${1:-3000}; CODE=${2:-P0127}; FROM=${3:-2024-01-01}
BASE="http://localhost:$PORT"; JAR=$(mktemp); OUT=$(mktemp); trap 'rm -f "$JAR" "$OUT"' EXIT
curl -sf -c "$JAR" -H 'content-type: application/json' -H "origin: $BASE" \
  -d '{"email":"admin@vardhman.test","password":"Receivables@2026"}' "$BASE/api/sign_in" >/dev/null
for path in "/api/customerportal/statement?sysObligorCode=$CODE" "/api/customerportal/statement?sysObligorCode=$CODE&fromDate=$FROM" \
  "/api/customerportal/statement.xlsx?sysObligorCode=$CODE&fromDate=$FROM" "/api/customerportal/accounts?accountType=POSTPAID" \
  "/api/customerportal/accounts?accountType=PREPAID" "/api/customerportal/postpaid?sysObligorCode=$CODE" \
  "/customerportal/$CODE" "/customerportal/$CODE?fromDate=$FROM&offset=3" "/customerportal/postpaid" "/customerportal/postpaid/$CODE"; do
  times=""
  for _ in 1 2 3; do times="$times $(curl -s -o "$OUT" -w '%{http_code}:%{time_total}s' -b "$JAR" "$BASE$path")"; done
  echo "$path ->$times ($(stat -c %s "$OUT") bytes)"
done
