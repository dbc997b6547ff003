#!/usr/bin/env bash
# A private PostgreSQL for the tests (never the system's service): `start STATE_DIR` runs
# initdb on a fresh temporary directory and starts a server on a free loopback port, then
# writes the libpq connection string to STATE_DIR/conninfo; `stop STATE_DIR` stops it and
# removes its data. CTest runs these as the `postgres` fixture (tests/CMakeLists.txt).
# Durability settings are off: these tests check our SQL, not PostgreSQL's fsync. With
# CROWNHALL_PG_DURABLE=1 they stay at PostgreSQL's defaults (for benchmarks of real writes).
set -euo pipefail
action=${1:?usage: test-postgres.sh start|stop STATE_DIR}
state=${2:?usage: test-postgres.sh start|stop STATE_DIR}

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
    fast="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    [ "${CROWNHALL_PG_DURABLE:-0}" = 1 ] && fast=""
    for attempt in 1 2 3 4 5; do
      port=$(free_port)
      if as_owner "$pg_bin/pg_ctl" -D "$data" -l "$data/server.log" -w -t 30 start \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $data $fast -c max_connections=200" \
        >/dev/null 2>&1; then
        echo "host=127.0.0.1 port=$port user=postgres dbname=postgres" >"$state/conninfo"
        echo "test-postgres: started on 127.0.0.1:$port ($data)"
        exit 0
      fi
    done
    cat "$data/server.log" >&2 || true
    exit 1
    ;;
  *) echo "usage: test-postgres.sh start|stop STATE_DIR" >&2; exit 2 ;;
esac
