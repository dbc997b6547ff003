#!/usr/bin/env bash
# Local against routed actions (docs/performance.md "Several nodes"): two nodes a and b on a
# fresh database; `crownhall loadtest --routed-port` creates every table on node a with one
# client there and seats the table's other clients on node b, whose requests are routed to
# node a through Redis (docs/cluster.md). Prints the loadtest's report (latency of local and
# routed clients apart, each node's CPU per action) and each node's store append latency
# over the run, from its /metrics. Private PostgreSQL (with its own durability settings, as
# the store benchmarks: CROWNHALL_PG_DURABLE=0 for the tests' fsync off) and Redis.
#   bench/cluster/routing_bench.sh build/app/crownhall [TABLES] [RATE] [SECONDS]
# RATE: actions per second per table (the loadtest's default, 1, if omitted; the 250-table
# figures of one node are at 10). SECONDS: the measured window (30). ROUTE=0: every client
# on node a, nothing routed (the same nodes and database without routing, as a baseline).
set -euo pipefail
bin=$(realpath "$1") tables=${2:-250} rate=${3:-} seconds=${4:-30}
cd "$(dirname "$0")/../.."
work=$(mktemp -d /tmp/crownhall-routing-XXXXXX)
pids=()
source bench/cluster/nodes.sh
cleanup() {
  # SIGTERM (a node's own stop), SIGKILL after 5 s; `wait` keeps bash's job notices quiet.
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$p" 2>/dev/null || true
    wait "$p" 2>/dev/null || true
  done
  stop_private_servers
  rm -rf "$work"
}
trap cleanup EXIT
CROWNHALL_PG_DURABLE=${CROWNHALL_PG_DURABLE:-1} start_private_servers

# The append histogram's buckets (cumulative counts by upper bound in seconds) of a node.
append_buckets() {
  curl -sf "http://127.0.0.1:$1/metrics" | sed -n 's/^crownhall_store_append_seconds_bucket{.*le="\([^"]*\)"} \([0-9]*\)$/\1 \2/p'
}

# The appends between two snapshots of append_buckets: their count and p99, as the bucket
# that holds it and as Prometheus' histogram_quantile estimates it (linear in the bucket).
append_p99() {
  python3 - "$1" "$2" <<'EOF'
import sys
def read(path):
    return [(float(le), int(n)) for le, n in (l.split() for l in open(path) if l.strip())]
before, after = dict(read(sys.argv[1])), read(sys.argv[2])
counts = [(le, n - before.get(le, 0)) for le, n in after]
total = counts[-1][1] if counts else 0
if total == 0:
    print("no appends"); sys.exit()
rank, lower, prev = 0.99 * total, 0.0, 0
for le, n in counts:
    if n >= rank:
        if le == float("inf"):
            print(f"{total} appends: p99 over {lower * 1000:g} ms (the last bucket)"); break
        est = lower + (le - lower) * (rank - prev) / max(1, n - prev)
        print(f"{total} appends: p99 in the bucket {lower * 1000:g}-{le * 1000:g} ms "
              f"(interpolated {est * 1000:.2f} ms); "
              f"{100.0 * n / total:.2f} % of appends <= {le * 1000:g} ms")
        break
    lower, prev = le, n
EOF
}

pa=$(port_of) pb=$(port_of)
start_node a "$pa" warn
start_node b "$pb" warn
echo "nodes: a (the tables') pid ${pids[0]} on port $pa, b (the routed clients') pid ${pids[1]} on port $pb"
append_buckets "$pa" >"$work/a.before"
append_buckets "$pb" >"$work/b.before"
routed=(--routed-port "$pb" --routed-server-pid "${pids[1]}")
[ "${ROUTE:-1}" = 0 ] && routed=()
code=0
"$bin" loadtest --port "$pa" "${routed[@]}" --tables "$tables" --clients 4 \
  ${rate:+--rate "$rate"} --duration "$seconds" --server-pid "${pids[0]}" || code=$?
# Every append since the nodes started the load (the ramp-up's first moves included).
for n in a b; do
  p=$([ $n = a ] && echo "$pa" || echo "$pb")
  append_buckets "$p" >"$work/$n.after"
  echo "node $n crownhall_store_append_seconds: $(append_p99 "$work/$n.before" "$work/$n.after")"
done
exit "$code"
