#!/usr/bin/env bash
# The test command of the README (`npm test`): unit tests, then integration
# tests that boot a real Medusa app on PostgreSQL against the svc sandbox.
set -euo pipefail
cd "$(dirname "$0")/.."

# "localhost": the test runner turns on TLS for any other host name.
export DB_HOST="${DB_HOST:-localhost}" DB_PORT="${DB_PORT:-5432}"
export DB_USERNAME="${DB_USERNAME:-postgres}" DB_PASSWORD="${DB_PASSWORD:-}"
export MEDUSA_DISABLE_TELEMETRY=true NODE_OPTIONS="--experimental-vm-modules"

bash scripts/ensure-postgres.sh
if [ -d integration-tests/browser ]; then bash scripts/ensure-chromium.sh; fi
# The Medusa test runners create a database per file and may leave some behind.
psql -h "$DB_HOST" -p "$DB_PORT" -U "$DB_USERNAME" -d postgres -Atc \
  "select datname from pg_database where datname like 'medusa-%integration%'" 2>/dev/null |
  while read -r db; do
    [ -n "$db" ] && psql -h "$DB_HOST" -p "$DB_PORT" -U "$DB_USERNAME" -d postgres -qc "drop database if exists \"$db\"" >/dev/null 2>&1 || true
  done

timeout 600 npx jest --selectProjects unit --runInBand --forceExit "$@"
timeout 1500 npx jest --selectProjects integration --runInBand --forceExit "$@"
