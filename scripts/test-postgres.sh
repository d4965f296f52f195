#!/usr/bin/env bash
# Sourced by scripts/test.sh: a PostgreSQL server of the test run's own, started from the
# installed PostgreSQL's initdb and pg_ctl (Debian's postgresql package: what ensure-postgres.sh
# installs), with its data in memory (/dev/shm) and no fsync, and thrown away when the run ends.
# It exports DB_HOST/DB_PORT for the tests and sets SVC_TEST_PG_STOP, the command that stops it.
#
# Why: the Medusa test runner restores each test's database from a snapshot (DROP DATABASE,
# CREATE DATABASE ... TEMPLATE): on the machine's server that took 1.6-1.9 s per test, nearly
# all of it waiting for fsync of the ~2,000 files of an 18 MB Medusa database; here 0.1 s. The
# migrations, the template copies and every commit wait for no disk either. Durability is
# what the tests do not test (docs/testing.md, "How long").
#
# SVC_TEST_PG=server uses the server at DB_HOST:DB_PORT instead (as a single file run with npx
# jest does); so does a machine where initdb or pg_ctl cannot be found or run.
svc_test_pg_start() {
  [ "${SVC_TEST_PG:-own}" = server ] && return 1
  local bin="" d
  if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then bin=$(pg_config --bindir); fi
  if [ -z "$bin" ]; then
    for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
      [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && bin=$d && break
    done
  fi
  if [ -z "$bin" ] && command -v initdb >/dev/null 2>&1; then bin=$(dirname "$(command -v initdb)"); fi
  if [ -z "$bin" ]; then
    echo "test-postgres: no initdb found; the tests use the server at ${DB_HOST}:${DB_PORT}"
    return 1
  fi
  # PostgreSQL refuses to run as root: as root, the server runs as the postgres user
  local as=()
  if [ "$(id -u)" = 0 ]; then
    if ! id postgres >/dev/null 2>&1; then
      echo "test-postgres: running as root with no postgres user; the tests use the server at ${DB_HOST}:${DB_PORT}"
      return 1
    fi
    as=(runuser -u postgres --)
  fi
  # In memory when /dev/shm has room for it (the run's databases: ~40 of ~18 MB at most), else on disk
  local parent="${TMPDIR:-/tmp}"
  if [ -d /dev/shm ] && [ -w /dev/shm ] && [ "$(df -Pk /dev/shm | awk 'NR==2 {print $4}')" -gt 4000000 ]; then parent=/dev/shm; fi
  local dir
  dir=$(mktemp -d "$parent/svc-test-pg.XXXXXX")
  [ "$(id -u)" = 0 ] && chown postgres "$dir"
  if ! "${as[@]}" "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 &&
    ! "${as[@]}" "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1; then
    echo "test-postgres: initdb failed ($(tail -1 "$dir/initdb.log")); the tests use the server at ${DB_HOST}:${DB_PORT}"
    rm -rf "$dir"
    return 1
  fi
  # A free port is asked of the system and given back before PostgreSQL binds it, so another
  # process can take it in between: a start that fails on a port in use tries another (3 tries).
  # max_connections: a cluster test runs several Medusa processes with pools of their own
  local port="" try
  for try in 1 2 3; do
    port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
    if "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o \
      "-p $port -c listen_addresses=localhost -c unix_socket_directories=$dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300 -c max_wal_size=4GB -c checkpoint_timeout=1h" \
      start >/dev/null 2>&1; then
      break
    fi
    if [ "$try" = 3 ] || ! grep -q "Address already in use" "$dir/server.log" 2>/dev/null; then
      echo "test-postgres: the server did not start ($(tail -1 "$dir/server.log" 2>/dev/null)); the tests use the server at ${DB_HOST}:${DB_PORT}"
      rm -rf "$dir"
      return 1
    fi
    echo "test-postgres: port $port was taken before PostgreSQL bound it; another"
  done
  echo "test-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') of this run's own on localhost:$port (data in $dir, no fsync; SVC_TEST_PG=server for ${DB_HOST}:${DB_PORT})"
  export DB_HOST=localhost DB_PORT=$port
  SVC_TEST_PG_STOP="${as[*]} $bin/pg_ctl -D $dir/data stop -m immediate >/dev/null 2>&1; rm -rf $dir"
}
