#!/usr/bin/env bash
# `npm run demo`: PostgreSQL up, the demo database present, then the Node
# launcher (demo/start.ts) that runs the sandbox, Medusa and the storefront.
set -euo pipefail
cd "$(dirname "$0")/.."

export DB_HOST="${DB_HOST:-localhost}" DB_PORT="${DB_PORT:-5432}" DB_USERNAME="${DB_USERNAME:-postgres}"
DB_NAME="${DEMO_DB_NAME:-medusa_svc_demo}"
export DATABASE_URL="${DATABASE_URL:-postgres://$DB_USERNAME@$DB_HOST:$DB_PORT/$DB_NAME}"
export MEDUSA_DISABLE_TELEMETRY=true

bash scripts/ensure-postgres.sh
if [ "$(psql -h "$DB_HOST" -p "$DB_PORT" -U "$DB_USERNAME" -d postgres -Atc "select 1 from pg_database where datname = '$DB_NAME'")" != "1" ]; then
  echo "[demo] creating database $DB_NAME"
  psql -h "$DB_HOST" -p "$DB_PORT" -U "$DB_USERNAME" -d postgres -qc "create database \"$DB_NAME\"" >/dev/null
fi
[ -d node_modules ] || npm install

exec node -r @swc-node/register demo/start.ts
