#!/usr/bin/env bash
# A private PostgreSQL for the tests (never the system's service): `start STATE_DIR` runs
# initdb on a fresh temporary directory and starts a server on a free loopback port, then
# writes the libpq connection string to STATE_DIR/conninfo; `stop STATE_DIR` stops it and
# removes its data. CTest runs these as the `postgres` fixture (tests/CMakeLists.txt).
# `restart STATE_DIR SECONDS` stops it (fast: connections cut, its data flushed) and starts it
# again on the same port after SECONDS: a test of a database that goes away under running
# servers. (Not as a crash would: with synchronous_commit off, the servers' setting, a crash
# of PostgreSQL itself may lose the last commits.)
# Durability settings are off: these tests check our SQL, not PostgreSQL's fsync. With
# CROWNHALL_PG_DURABLE=1 they stay at PostgreSQL's defaults (for benchmarks of real writes).
set -euo pipefail
usage="usage: test-postgres.sh start|stop STATE_DIR, or restart STATE_DIR SECONDS"
action=${1:?$usage}
state=${2:?$usage}

pg_bin=${CROWNHALL_PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
  echo "test-postgres: no PostgreSQL server binaries (Debian package 'postgresql'; ./scripts/install-deps.sh installs it)" >&2
  exit 1
fi

# initdb refuses to run as root: as root, the server runs as the `postgres` user.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

stop() {
  if [ -f "$state/datadir" ]; then
    local data
    data=$(cat "$state/datadir")
    if [ -d "$data" ]; then
      as_owner "$pg_bin/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
      rm -rf "$data"
    fi
  fi
  rm -f "$state/datadir" "$state/conninfo"
}

fast="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
[ "${CROWNHALL_PG_DURABLE:-0}" = 1 ] && fast=""

launch() {  # data directory, port
  as_owner "$pg_bin/pg_ctl" -D "$1" -l "$1/server.log" -w -t 30 start \
    -o "-c listen_addresses=127.0.0.1 -p $2 -k $1 $fast -c max_connections=200" >/dev/null 2>&1
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

case "$action" in
  stop) stop ;;
  start)
    mkdir -p "$state"
    stop  # a run that was interrupted may have left one behind
    data=$(mktemp -d /tmp/crownhall-test-pg-XXXXXX)
    echo "$data" >"$state/datadir"
    [ "$(id -u)" = 0 ] && chown postgres: "$data"
    as_owner "$pg_bin/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 \
      >"$state/initdb.log" 2>&1 || { cat "$state/initdb.log" >&2; exit 1; }
    # A port can be taken between the check and the start: try a few.
    for attempt in 1 2 3 4 5; do
      port=$(free_port)
      if launch "$data" "$port"; then
        echo "host=127.0.0.1 port=$port user=postgres dbname=postgres" >"$state/conninfo"
        echo "test-postgres: started on 127.0.0.1:$port ($data)"
        exit 0
      fi
    done
    cat "$data/server.log" >&2 || true
    exit 1
    ;;
  restart)
    data=$(cat "$state/datadir")
    port=$(sed 's/.*port=\([0-9]*\).*/\1/' "$state/conninfo")
    as_owner "$pg_bin/pg_ctl" -D "$data" -m fast -w stop >/dev/null 2>&1
    sleep "${3:?$usage}"
    launch "$data" "$port" || { cat "$data/server.log" >&2; exit 1; }
    ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
