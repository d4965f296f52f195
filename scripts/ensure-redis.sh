#!/usr/bin/env bash
# Make sure a Redis server answers on 127.0.0.1:6379 (the scale-out tests run
# Medusa's Redis modules and the shared rate budget on it): start it where it is
# installed but stopped, install Debian's redis-server where it is missing.
# Idempotent; safe to run every time.
set -euo pipefail
PORT_="${REDIS_PORT:-6379}"
ready() { redis-cli -h 127.0.0.1 -p "$PORT_" ping 2>/dev/null | grep -q PONG; }
if command -v redis-cli >/dev/null 2>&1 && ready; then exit 0; fi
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
if ! command -v redis-server >/dev/null 2>&1; then
  echo "ensure-redis: Redis is not installed; installing redis-server from Debian's packages" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server >/dev/null
fi
# As the development machines run it: nothing kept on disk.
$SUDO mkdir -p /var/lib/redis /var/log/redis
$SUDO redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$PORT_" --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
for _ in $(seq 1 50); do ready && exit 0; sleep 0.2; done
echo "ensure-redis: Redis did not answer on 127.0.0.1:$PORT_" >&2
exit 1
