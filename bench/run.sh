#!/usr/bin/env bash
# npm run bench: every benchmark in turn. Each prints its figures; none asserts a time.
# Throughput runs on PostgreSQL when DATABASE_URL is set; the cases benchmark creates and fills
# its own database (claimdesk_bench_cases) on that server and reuses it on later runs, and the mail
# inbox benchmark its own (claimdesk_bench_mail, a million mails).
set -euo pipefail
cd "$(dirname "$0")/.."
tsx=node_modules/.bin/tsx
# The HTTP loads are sent by Debian's wrk (bench/lib/load.ts says why).
if ! command -v wrk >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "npm run bench needs wrk: apt-get install wrk" >&2
    exit 1
  fi
  echo "Installing wrk from Debian"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi
"$tsx" bench/api-overhead.ts
"$tsx" bench/cases-api.ts
# The /reports calls on the same million cases (with mails, costs and answers added for 10 stores).
"$tsx" bench/reports-api.ts
# Simulated agents in an open loop on the cases benchmark's database (after it, which fills it).
"$tsx" bench/agents-load.ts
# The CSV export of 1,000,000 cases of one store (its own database, claimdesk_bench_csv): rows/s, peak memory.
"$tsx" bench/cases-csv.ts
# The supplier statement PDF of a year with 10,000 cost lines: time, CPU, size and pages.
"$tsx" bench/cost-pdf.ts
"$tsx" bench/mail-ingest.ts
"$tsx" bench/mail-compose.ts
# An order look-up through the API against a local stand-in of a WooCommerce shop (issue 37).
"$tsx" bench/shop-orders.ts
# Send to supplier: the case's supplier status, the prefilled claim mail, a refused and a sent claim (inject).
"$tsx" bench/send-to-supplier.ts
# The web build serves the mail benchmark's Chromium part (a long thread) and the bundle sizes.
npm run -s build -w @claimdesk/web >/dev/null
"$tsx" bench/mail-inbox.ts
# Live updates: 2,000 sockets on one process, an event's fan-out, a mail's arrival to the badge in Chromium.
"$tsx" bench/live-updates.ts
if [ -f packages/web/scripts/bundle-size.mjs ]; then
  node packages/web/scripts/bundle-size.mjs
fi
