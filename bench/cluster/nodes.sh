# Sourced by the bench/cluster scripts: a private PostgreSQL and Redis in $work, and
# crownhall nodes on them. Uses $bin and $work, and adds each node's pid to the array `pids`.

field() { sed -n "s/.*\b$1=\([^ ]*\).*/\1/p" <<<"$conninfo"; }
port_of() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# Starts them; sets $url, the database the nodes share.
start_private_servers() {
  ./scripts/test-postgres.sh start "$work/pg" >/dev/null
  ./scripts/test-redis.sh start "$work/redis" >/dev/null
  conninfo=$(cat "$work/pg/conninfo")
  url="postgres://$(field user)@$(field host):$(field port)/postgres"
}

stop_private_servers() {
  ./scripts/test-postgres.sh stop "$work/pg" >/dev/null 2>&1 || true
  ./scripts/test-redis.sh stop "$work/redis" >/dev/null 2>&1 || true
}

# start_node NAME PORT LOG_LEVEL: one node, its log in $work/NAME.log; back once its
# /healthz answers.
start_node() {
  # Every client is this machine: no limits per address (docs/performance.md).
  CROWNHALL_MAX_CONNECTIONS_PER_ADDRESS=0 CROWNHALL_NEW_SESSIONS_PER_MINUTE=0 \
    CROWNHALL_NEW_TABLES_PER_MINUTE=0 "$bin" serve --port "$2" --database "$url" --node "$1" --redis "$(cat "$work/redis/address")" \
    --log-level "$3" --grace-seconds 600 >"$work/$1.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$2/healthz" >/dev/null && break; sleep 0.1; done
}
