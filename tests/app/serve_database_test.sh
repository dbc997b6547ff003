#!/usr/bin/env bash
# `crownhall serve --database`, run as a host would: a non-PostgreSQL address and an
# unreachable server are refused with a clear message; a real PostgreSQL (the tests' private
# one, CROWNHALL_TEST_POSTGRES_FILE) is used, and a second server (or a node: --node) on the
# same database is refused while the first runs; --node needs --database and a plain name.
set -euo pipefail
bin=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done' EXIT

expect_refused() {  # expect_refused WHAT MESSAGE ARGS...
  local what=$1 message=$2; shift 2
  if timeout 30 "$bin" serve --port 0 --web-root "$work" "$@" >"$work/out.txt" 2>&1; then
    fail "$what: the server started"
  fi
  grep -q "$message" "$work/out.txt" || { cat "$work/out.txt" >&2; fail "$what: no \"$message\""; }
}

expect_refused "a SQLite path as --database" "not a postgres:// or postgresql:// address" \
  --database ./somewhere
expect_refused "an unreachable PostgreSQL" "cannot connect to PostgreSQL" \
  --database "postgresql://nobody@127.0.0.1:1/none?connect_timeout=2"
expect_refused "a node without a database" "nodes share their tables through PostgreSQL" \
  --node a --data "$work/data"
expect_refused "a node name that is not plain" "a node name is 1 to 64 letters" \
  --node 'a"b' --data "$work/data"

conninfo=$(cat "${CROWNHALL_TEST_POSTGRES_FILE:?run through ctest: the postgres fixture}")
field() { sed -n "s/.*\b$1=\([^ ]*\).*/\1/p" <<<"$conninfo"; }
db="crownhall_cli_$$"
psql "$conninfo" -qc "CREATE DATABASE $db" || fail "cannot create database $db"
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done;
      psql "$conninfo" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true' EXIT
url="postgresql://$(field user)@$(field host):$(field port)/$db"

"$bin" serve --port 0 --web-root "$work" --database "$url" >"$work/first.txt" 2>&1 &
pids+=($!)
for _ in $(seq 100); do grep -q "listening on" "$work/first.txt" && break; sleep 0.2; done
grep -q "listening on" "$work/first.txt" || { cat "$work/first.txt" >&2; fail "the server did not start"; }
grep -q "store: PostgreSQL" "$work/first.txt" || fail "the server did not use PostgreSQL"
# The version the server migrates to, read from where it is defined.
schema=$(sed -n 's/.*schema_version = \([0-9]*\);.*/\1/p' "$(dirname "$0")/../../server/store/postgres_store.hpp")
[ -n "$schema" ] || fail "no schema_version in server/store/postgres_store.hpp"
[ "$(psql "$url" -tAc 'SELECT version FROM crownhall_schema')" = "$schema" ] || fail "no schema created (version $schema)"
port=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\).*|\1|p' "$work/first.txt")
python3 - "$port" <<'PY' || fail "/healthz is not ok with PostgreSQL up"
import json, sys, urllib.request
with urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/healthz", timeout=10) as r:
    assert r.status == 200 and json.load(r)["status"] == "ok"
PY
expect_refused "a second server on the same database" "in use by another crownhall server" \
  --database "$url"
expect_refused "a node beside a server alone on its database" "in use by another crownhall server" \
  --database "$url" --node b
expect_refused "Redis without --node" "only nodes (--node) use Redis" \
  --database "$url" --redis redis://127.0.0.1:1
expect_refused "a Redis address that is not one" "expected redis://host:port" \
  --database "${url}_nodes" --node n1 --redis http://127.0.0.1:1

# A node whose Redis cannot be reached serves its own tables: ready, but "degraded" (naming
# Redis), so that a Redis blip does not take every node out of the balancer.
psql "$conninfo" -qc "CREATE DATABASE ${db}_nodes" || fail "cannot create database ${db}_nodes"
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done;
      psql "$conninfo" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true
      psql "$conninfo" -qc "DROP DATABASE IF EXISTS ${db}_nodes WITH (FORCE)" || true' EXIT
"$bin" serve --port 0 --web-root "$work" --database "${url}_nodes" --node n1 \
  --redis redis://127.0.0.1:1 >"$work/node.txt" 2>&1 &
pids+=($!)
for _ in $(seq 100); do grep -q "listening on" "$work/node.txt" && break; sleep 0.2; done
grep -q "as node n1/" "$work/node.txt" || { cat "$work/node.txt" >&2; fail "the node did not start"; }
node_port=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\).*|\1|p' "$work/node.txt")
python3 - "$node_port" <<'PY' || fail "/readyz of a node without Redis is not 200 degraded naming Redis"
import json, sys, urllib.request
for path in ("/healthz", "/readyz"):
    with urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}{path}", timeout=10) as r:
        body = json.load(r)
        assert r.status == 200 and body["status"] == "degraded" and body["down"] == ["redis"], body
        assert "Redis" in body["redis"] and body["node"] == "n1" and "store" not in body, body
with urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/livez", timeout=10) as r:
    assert r.status == 200 and json.load(r)["status"] == "alive"
PY
# ...and stops when told, though its Redis link keeps trying.
node_pid=${pids[-1]}
kill -TERM "$node_pid"
for _ in $(seq 50); do kill -0 "$node_pid" 2>/dev/null || break; sleep 0.2; done
kill -0 "$node_pid" 2>/dev/null && fail "a node without Redis did not stop within 10 s of SIGTERM"
echo "serve --database: ok"
