#!/usr/bin/env bash
# `npm run demo`: PostgreSQL up, the demo database present, then the Node
# launcher (demo/start.ts) that runs the sandbox, Medusa and the storefront.
# The database is the one DATABASE_URL names when it is set (Medusa connects to
# that one), else DEMO_DB_NAME (default medusa_svc_demo) on DB_HOST:DB_PORT as
# DB_USERNAME: demo/database.ts decides, and creates it where it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

[ -d node_modules ] || npm install
db=$(node -r @swc-node/register demo/database.ts)
while IFS='=' read -r key value; do
  case "$key" in
    url) DATABASE_URL=$value ;;
    name) DB_NAME=$value ;;
    host) PG_HOST=$value ;;
    port) PG_PORT=$value ;;
  esac
done <<<"$db"
export DATABASE_URL
export MEDUSA_DISABLE_TELEMETRY=true

DB_HOST="$PG_HOST" DB_PORT="$PG_PORT" bash scripts/ensure-postgres.sh
echo "[demo] database $DB_NAME on $PG_HOST:$PG_PORT"
node -r @swc-node/register demo/database.ts create
# the database only (integration-tests/demo/demo.spec.ts)
[ "${DEMO_DB_ONLY:-}" = 1 ] && exit 0

exec node -r @swc-node/register demo/start.ts
