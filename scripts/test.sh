#!/usr/bin/env bash
# The test command of the README (`npm test`): unit tests, then integration
# tests that boot a real Medusa app on PostgreSQL against the svc sandbox.
set -euo pipefail
cd "$(dirname "$0")/.."

# "localhost": the test runner turns on TLS for any other host name.
export DB_HOST="${DB_HOST:-localhost}" DB_PORT="${DB_PORT:-5432}"
export DB_USERNAME="${DB_USERNAME:-postgres}" DB_PASSWORD="${DB_PASSWORD:-}"
export MEDUSA_DISABLE_TELEMETRY=true NODE_OPTIONS="--experimental-vm-modules"
# jest's VM modules are experimental by design: no warning about it on every run (Node >= 20.11)
if node --disable-warning=ExperimentalWarning -e 0 2>/dev/null; then NODE_OPTIONS="$NODE_OPTIONS --disable-warning=ExperimentalWarning"; fi
export npm_config_loglevel="${npm_config_loglevel:-error}"

# Integration tests write Medusa's logs and their console.log lines to one file per test file here
# (integration-tests/setup.js), so the console keeps jest's report; CI keeps artifacts/.
# TEST_LOG_CONSOLE=1 leaves the logs on the console instead.
export TEST_LOG_DIR="${TEST_LOG_DIR:-$PWD/artifacts/test-logs/$(date -u +%Y%m%dT%H%M%SZ)}"
report_logs() {
  [ -d "$TEST_LOG_DIR" ] || return 0
  local files errors
  files=$(find "$TEST_LOG_DIR" -name '*.log' | wc -l)
  errors=$(cat "$TEST_LOG_DIR"/*.log 2>/dev/null | grep -c '"level":"error"' || true)
  echo "== logs: ${TEST_LOG_DIR#"$PWD"/}/ ($files files, $errors Medusa error lines)"
}
SVC_TEST_PG_STOP=""
trap 'report_logs; [ -z "$SVC_TEST_PG_STOP" ] || eval "$SVC_TEST_PG_STOP"' EXIT

bash scripts/ensure-postgres.sh
bash scripts/ensure-redis.sh
if [ -d integration-tests/browser ]; then bash scripts/ensure-chromium.sh; fi
# The Medusa test runners create a database per file and may leave some behind (on the server at
# DB_HOST:DB_PORT: a run with SVC_TEST_PG=server, a single file run with npx jest). Only those made
# more than 3 hours ago go (the name carries a ULID, whose first 10 characters are its time): a
# run started beside this one (another clone, a developer's single file) keeps its databases.
# The migrated template the in-app files copy (svc-test-template-<key>) stays for the next run
# while its key matches; one unused for 3 hours goes when another is built (testing/template-db.ts).
psql -h "$DB_HOST" -p "$DB_PORT" -U "$DB_USERNAME" -d postgres -Atc \
  "select datname from pg_database where datname like 'medusa-%integration%'" 2>/dev/null |
  node -e '
    const A = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    const lines = require("fs").readFileSync(0, "utf8").split("\n").filter(Boolean)
    for (const db of lines) {
      const m = /^medusa-([0-9a-z]{26})-integration/.exec(db)
      let t = 0
      if (m) for (const ch of m[1].slice(0, 10).toUpperCase()) t = t * 32 + A.indexOf(ch)
      if (!m || Date.now() - t > 3 * 3600 * 1000) console.log(db)
    }' |
  while read -r db; do
    [ -n "$db" ] && psql -h "$DB_HOST" -p "$DB_PORT" -U "$DB_USERNAME" -d postgres -qc "drop database if exists \"$db\"" >/dev/null 2>&1 || true
  done

# The run's own PostgreSQL, in memory and without fsync (scripts/test-postgres.sh says why);
# SVC_TEST_PG=server keeps the server at DB_HOST:DB_PORT
source scripts/test-postgres.sh
svc_test_pg_start || true

# the package tests read the plugin's and the kit's builds: made here unless the last ones were
# made from exactly the current sources (testing/builds.ts)
node -r @swc-node/register testing/builds.ts

# two workers: the unit files share nothing (servers on port 0, files in their own mkdtemp folders)
timeout 600 npx jest --selectProjects unit --maxWorkers=2 --forceExit "$@"
# Two files at a time (SVC_TEST_WORKERS to change it): much of an integration file is waiting
# (webhooks, the watcher's ticks, a killed instance's restart), and each worker gets its own
# database (medusa-*-integration-<worker>). Three at a time was measured and was slower: the
# cores are busy 85-95 % of the run already (docs/testing.md, "How long").
timeout 2400 npx jest --selectProjects integration --maxWorkers="${SVC_TEST_WORKERS:-2}" --forceExit "$@"
# The logs of the whole run, whatever order jest ran the files in: no API key, no private key (docs/security.md)
node -r @swc-node/register integration-tests/security/scan-logs.ts "$TEST_LOG_DIR"
