#!/usr/bin/env bash
# The README's test command: types, lint, format, unit and integration tests of every package, then
# the browser tests in Chromium. Runs on PGlite, or on PostgreSQL when DATABASE_URL is set.
# Ends with one line "tests: N passed, N failed".
# TEST_SCOPE=database runs only the tests that touch the database (the server's): CI's second run,
# on PostgreSQL, after the whole suite passed on PGlite.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
status=0
step() { echo; echo "== $*"; }

scope=${TEST_SCOPE:-all}

# What the tests need from Debian: Dovecot (the IMAP server of the mail tests) and, for the
# browser tests, Chromium. Installed here when run as root; otherwise the one command to run.
need=()
[ -x /usr/sbin/dovecot ] || command -v dovecot >/dev/null 2>&1 || need+=(dovecot-imapd)
if [ "$scope" = all ] && ! [ -x /usr/bin/chromium ]; then need+=(chromium); fi
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "npm test needs ${need[*]} from Debian: sudo apt-get install -y ${need[*]}" >&2
    exit 1
  fi
  echo "Installing ${need[*]} from Debian"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null || exit 1
fi
packages="contracts server web"
if [ "$scope" = all ]; then
  # The type check and the lint each keep one core busy: side by side, their output kept apart.
  npm run -s typecheck >"$out/typecheck.log" 2>&1 &
  typecheck=$!
  npx eslint . >"$out/lint.log" 2>&1 &
  lint=$!
  wait $typecheck || status=1
  step "typecheck"
  cat "$out/typecheck.log"
  wait $lint || status=1
  step "lint"
  cat "$out/lint.log"
  step "lint rules"
  node --test scripts/lint-boundaries.test.mjs || status=1
  step "format"
  npx prettier --check . || status=1
else
  packages="server"
fi

for pkg in $packages; do
  tests=$(find packages/$pkg -path '*/node_modules' -prune -o \( -name '*.test.ts' -o -name '*.test.tsx' \) -print -quit)
  if [ -n "$tests" ]; then
    step "$pkg tests${DATABASE_URL:+ (PostgreSQL)}"
    (cd packages/$pkg && npx vitest run --reporter=default --reporter=json --outputFile.json="$out/$pkg.json") || status=1
  fi
done

if [ "$scope" = all ] && [ -f e2e/playwright.config.ts ]; then
  step "browser tests (Chromium)${DATABASE_URL:+ (PostgreSQL)}"
  npm run -s build -w @claimdesk/web || status=1
  (cd e2e && PLAYWRIGHT_JSON_OUTPUT_NAME="$out/e2e.json" npx playwright test --reporter=list,json) || status=1
fi

node scripts/summarize-tests.mjs "$out" || status=1
rm -rf "$out"
exit $status
