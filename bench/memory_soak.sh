#!/usr/bin/env bash
# memory_soak.sh: the server's memory under steady load (figures in
# docs/performance.md). Starts `crownhall serve` with a fresh data directory, plays
# TABLES tables x CLIENTS clients at RATE actions/s per table with `crownhall loadtest`
# for SECONDS, and samples the server's /proc/<pid>/status (VmRSS, RssAnon, RssFile)
# every INTERVAL seconds into OUT (CSV), plus SQLite's own heap from /metrics.
#
#   bench/memory_soak.sh build/app/crownhall /tmp/soak.csv
#   TABLES=200 CLIENTS=4 RATE=2 SECONDS_TOTAL=3600 INTERVAL=30 (the defaults)
set -euo pipefail
bin=${1:?crownhall binary}
out=${2:?output CSV}
tables=${TABLES:-200}
clients=${CLIENTS:-4}
rate=${RATE:-2}
seconds=${SECONDS_TOTAL:-3600}
interval=${INTERVAL:-30}
port=${PORT:-18477}
data=$(mktemp -d /tmp/crownhall-soak.XXXXXX)

# Every client is this machine: no limits per address (docs/performance.md).
CROWNHALL_MAX_CONNECTIONS_PER_ADDRESS=0 CROWNHALL_NEW_SESSIONS_PER_MINUTE=0 \
  CROWNHALL_NEW_TABLES_PER_MINUTE=0 "$bin" serve --port "$port" --data "$data" --log-level warn &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 100); do
  curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break
  sleep 0.1
done

# Enough games that no table runs out during the window.
"$bin" loadtest --port "$port" --tables "$tables" --clients "$clients" --rate "$rate" \
  --games 1000000 --duration "$seconds" --server-pid "$server" >"$out.loadtest.txt" 2>&1 &
load=$!

echo "seconds,vmrss_kb,rss_anon_kb,rss_file_kb,sqlite_heap_bytes,db_bytes" >"$out"
start=$(date +%s)
sample() {
  local now status heap db
  now=$(($(date +%s) - start))
  status=$(cat "/proc/$server/status")
  heap=$(curl -s "http://127.0.0.1:$port/metrics" | awk '/^crownhall_sqlite_heap_bytes /{print $2}')
  db=$(du -cb "$data"/* 2>/dev/null | tail -1 | cut -f1)
  echo "$now,$(awk '/^VmRSS/{print $2}' <<<"$status"),$(awk '/^RssAnon/{print $2}' <<<"$status"),$(awk '/^RssFile/{print $2}' <<<"$status"),${heap:-},${db:-}" >>"$out"
}
while kill -0 "$load" 2>/dev/null; do
  sample
  sleep "$interval"
done
wait "$load" || true
sample  # after the load: is memory given back?
sleep "$interval"
sample
