#!/usr/bin/env bash
# npm run bench: every benchmark in turn. Each prints its figures; none asserts a time.
# Throughput runs on PostgreSQL when DATABASE_URL is set; the cases benchmark creates and fills
# its own database (claimdesk_bench_cases) on that server and reuses it on later runs.
set -euo pipefail
cd "$(dirname "$0")/.."
tsx=node_modules/.bin/tsx
"$tsx" bench/api-overhead.ts
"$tsx" bench/cases-api.ts
"$tsx" bench/mail-ingest.ts
if [ -f packages/web/scripts/bundle-size.mjs ]; then
  npm run -s build -w @claimdesk/web >/dev/null
  node packages/web/scripts/bundle-size.mjs
fi
