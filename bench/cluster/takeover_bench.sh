#!/usr/bin/env bash
# Takeover time after a SIGKILL (docs/performance.md, "Several nodes"): node a
# holds TABLES live tables (crownhall loadtest plays them), is killed with SIGKILL, and we
# time until node b holds them all (its /healthz "tables"). Private PostgreSQL and Redis.
#   bench/cluster/takeover_bench.sh build/app/crownhall [TABLES]
set -euo pipefail
bin=$(realpath "$1") tables=${2:-1000}
cd "$(dirname "$0")/../.."
work=$(mktemp -d /tmp/crownhall-takeover-XXXXXX)
pids=()
source bench/cluster/nodes.sh
cleanup() {
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  stop_private_servers
  rm -rf "$work"
}
trap cleanup EXIT
start_private_servers
tables_on() { curl -s "http://127.0.0.1:$1/healthz" | python3 -c 'import json,sys; print(json.load(sys.stdin)["tables"])' 2>/dev/null || echo 0; }

pa=$(port_of) pb=$(port_of)
start_node a "$pa" info
start_node b "$pb" info
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
