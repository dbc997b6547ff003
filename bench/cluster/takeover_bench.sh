#!/usr/bin/env bash
# Takeover time after a SIGKILL (issue 15, docs/performance.md "Several nodes"): node a
# holds TABLES live tables (crownhall loadtest plays them), is killed with SIGKILL, and we
# time until node b holds them all (its /healthz "tables"). Private PostgreSQL and Redis.
#   bench/cluster/takeover_bench.sh build/app/crownhall [TABLES]
set -euo pipefail
bin=$(realpath "$1") tables=${2:-1000}
cd "$(dirname "$0")/../.."
work=$(mktemp -d /tmp/crownhall-takeover-XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  ./scripts/test-postgres.sh stop "$work/pg" >/dev/null 2>&1 || true
  ./scripts/test-redis.sh stop "$work/redis" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
./scripts/test-postgres.sh start "$work/pg" >/dev/null
./scripts/test-redis.sh start "$work/redis" >/dev/null
conninfo=$(cat "$work/pg/conninfo")
field() { sed -n "s/.*\b$1=\([^ ]*\).*/\1/p" <<<"$conninfo"; }
url="postgres://$(field user)@$(field host):$(field port)/postgres"
port_of() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
tables_on() { curl -s "http://127.0.0.1:$1/healthz" | python3 -c 'import json,sys; print(json.load(sys.stdin)["tables"])' 2>/dev/null || echo 0; }

pa=$(port_of) pb=$(port_of)
for n in a b; do
  p=$([ $n = a ] && echo "$pa" || echo "$pb")
  "$bin" serve --port "$p" --database "$url" --node "$n" --redis "$(cat "$work/redis/address")" \
    --log-level info --grace-seconds 600 >"$work/$n.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do [ "$(tables_on "$p")" != 0 ] || curl -sf "http://127.0.0.1:$p/healthz" >/dev/null && break; sleep 0.1; done
done
node_a=${pids[0]}
"$bin" loadtest --port "$pa" --tables "$tables" --clients 4 --rate 1 --duration 600 >"$work/load.log" 2>&1 &
pids+=($!)
for _ in $(seq 600); do [ "$(tables_on "$pa")" -ge "$tables" ] && break; sleep 0.2; done
sleep 5  # the games under way
held=$(tables_on "$pa")
echo "node a holds $held tables; SIGKILL"
kill -9 "$node_a"
t0=$(date +%s%N)
while [ "$(tables_on "$pb")" -lt "$held" ]; do
  sleep 0.05
  [ $(( ($(date +%s%N) - t0) / 1000000 )) -gt 60000 ] && { echo "node b has $(tables_on "$pb") after 60 s"; exit 1; }
done
ms=$(( ($(date +%s%N) - t0) / 1000000 ))
echo "node b holds all $held tables ${ms} ms after the SIGKILL (lease 2 s)"
grep -E "took over [0-9]+ tables" "$work/b.log" | sed 's/^.*\] //'
