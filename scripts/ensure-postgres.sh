#!/usr/bin/env bash
# Make sure a PostgreSQL server answers on 127.0.0.1:5432 with user postgres and
# trust auth: start it where it is installed but stopped, install it from
# Debian's packages where it is missing. Idempotent; safe to run every time.
set -euo pipefail

PGHOST_="${DB_HOST:-127.0.0.1}"
PGPORT_="${DB_PORT:-5432}"

ready() { pg_isready -h "$PGHOST_" -p "$PGPORT_" -q 2>/dev/null; }

if command -v pg_isready >/dev/null 2>&1 && ready; then
  exit 0
fi

if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
  echo "ensure-postgres: PostgreSQL is not installed; installing it from Debian's packages" >&2
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
fi

ver=$(ls /etc/postgresql | sort -V | tail -1)
hba="/etc/postgresql/$ver/main/pg_hba.conf"
# Local development and tests use trust auth on loopback (as the machines here do).
if ! grep -qE '^host\s+all\s+all\s+127\.0\.0\.1/32\s+trust' "$hba"; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO sed -i -E 's/^(local|host)(\s+all\s+all\s+.*)(scram-sha-256|md5|peer)\s*$/\1\2trust/' "$hba"
fi
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
$SUDO pg_ctlcluster --skip-systemctl-redirect "$ver" main start 2>/dev/null || \
  $SUDO pg_ctlcluster --skip-systemctl-redirect "$ver" main reload 2>/dev/null || true

for _ in $(seq 1 30); do
  ready && exit 0
  sleep 1
done
echo "ensure-postgres: PostgreSQL did not become ready on $PGHOST_:$PGPORT_" >&2
exit 1
