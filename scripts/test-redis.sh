#!/usr/bin/env bash
# A private Redis for the tests (never the system's service): `start STATE_DIR [PORT]` starts
# redis-server on a free loopback port (or PORT: a test that stops its own Redis starts it
# again where its clients expect it) with a fresh temporary directory, then writes its
# address, redis://127.0.0.1:PORT, to STATE_DIR/address; `stop STATE_DIR` stops it and
# removes the directory. CTest runs these as the `redis` fixture (tests/CMakeLists.txt).
# Nothing is persisted: no RDB snapshots, no append-only file.
set -euo pipefail
action=${1:?usage: test-redis.sh start|stop STATE_DIR [PORT]}
state=${2:?usage: test-redis.sh start|stop STATE_DIR [PORT]}
wanted_port=${3:-}

if ! command -v redis-server >/dev/null; then
  echo "test-redis: no redis-server (Debian package 'redis-server'; CROWNHALL_WITH_TEST_SERVERS=1 ./scripts/install-deps.sh installs it)" >&2
  exit 1
fi

stop() {
  if [ -f "$state/datadir" ]; then
    local data pid
    data=$(cat "$state/datadir")
    if [ -f "$data/redis.pid" ]; then
      pid=$(cat "$data/redis.pid")
      kill "$pid" 2>/dev/null || true
      # Wait for it to be gone, so that the port is free for a restart. Gone includes a
      # zombie: a daemon's parent is init, which may reap it late.
      for _ in $(seq 100); do
        kill -0 "$pid" 2>/dev/null || break
        [ "$(ps -o stat= -p "$pid" 2>/dev/null | cut -c1)" = Z ] && break
        sleep 0.05
      done
      [ "$(ps -o stat= -p "$pid" 2>/dev/null | cut -c1)" = Z ] || kill -9 "$pid" 2>/dev/null || true
    fi
    rm -rf "$data"
  fi
  rm -f "$state/datadir" "$state/address"
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Up once it answers PING (it writes its pid file before it listens).
wait_ready() {
  local port=$1
  for _ in $(seq 100); do
    [ "$(redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null)" = PONG ] && return 0
    sleep 0.05
  done
  return 1
}

case "$action" in
  stop) stop ;;
  start)
    mkdir -p "$state"
    stop  # a run that was interrupted may have left one behind
    data=$(mktemp -d /tmp/crownhall-test-redis-XXXXXX)
    echo "$data" >"$state/datadir"
    # A port can be taken between the check and the start: try a few (a fixed one once).
    for attempt in 1 2 3 4 5; do
      port=${wanted_port:-$(free_port)}
      if redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no \
        --daemonize yes --pidfile "$data/redis.pid" --dir "$data" \
        --logfile "$data/redis.log" >/dev/null 2>&1 && wait_ready "$port"; then
        echo "redis://127.0.0.1:$port" >"$state/address"
        echo "test-redis: started on 127.0.0.1:$port ($data)"
        exit 0
      fi
      [ -n "$wanted_port" ] && break
    done
    cat "$data/redis.log" >&2 || true
    exit 1
    ;;
  *) echo "usage: test-redis.sh start|stop STATE_DIR [PORT]" >&2; exit 2 ;;
esac
