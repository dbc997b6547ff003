#!/usr/bin/env bash
# Quick start, command 2: install what is missing, build, and run every test: the C++
# suites (GoogleTest, also under AddressSanitizer + UBSan), the web client's unit tests,
# and the end-to-end tests in headless Chromium against a real server.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

CROWNHALL_WITH_BROWSER=1 CROWNHALL_WITH_TEST_SERVERS=1 ./scripts/install-deps.sh

# Each step is stamped with the time, so a slow CI run shows where its minutes went.
step() { printf '\n== %s (%s) ==\n' "$*" "$(date -u +%H:%M:%S)"; }

step "build (Release)"
CROWNHALL_BUILD_DIR=build ./scripts/build.sh

step "C++ tests (Release)"
ctest --test-dir build --output-on-failure -j "$jobs" --timeout 600

step "web client: unit tests"
(cd web-client && npm test)

step "web client: end-to-end in headless Chromium, beside the sanitizer and fuzz builds"
# The Chromium tests mostly wait for the game (a bot's delay, a trick left on the table), so
# the two test-only builds (scripts/build-checked.sh) run beside them, at a lower priority so
# that the browser and the server never wait for the compiler; the C++ tests never share the
# machine with a build (docs/ci.md). The builds' output is shown only if they fail.
mkdir -p build
nice -n 10 ./scripts/build-checked.sh >build/build-checked.log 2>&1 &
checked_builds=$!
e2e=0
(cd web-client && CROWNHALL_BIN="$PWD/../build/app/crownhall" npm run e2e) || e2e=$?
step "sanitizer and fuzz builds (scripts/build-checked.sh): waiting for them"
if ! wait "$checked_builds"; then
  tail -n 100 build/build-checked.log
  echo "scripts/build-checked.sh failed: build/build-checked.log" >&2
  exit 1
fi
[ "$e2e" -eq 0 ] || { echo "the end-to-end tests failed" >&2; exit "$e2e"; }

step "C++ tests (sanitizers)"
# Property tests run a tenth of their games here: the Release run above covers the full count.
# The golden traces (a digest of fixed games, docs/ci.md) are left to the Release run: the
# games they replay are the property tests' and fuzzers' paths, run here too.
CROWNHALL_TEST_SCALE=0.1 ctest --test-dir build-asan --output-on-failure -j "$jobs" --timeout 900 \
  -E 'Trace\.|Views\.[A-Za-z]*PlayersUnchanged'

step "fuzz targets: a short run each (clang, libFuzzer, ASan + UBSan)"
ctest --test-dir build-fuzz --output-on-failure -R '_smoke$' --timeout 900

step "benchmarks run (smoke)"
# The store's append load runs on a private PostgreSQL too (bench/store/append_bench.cpp),
# and half a second per configuration is enough to see it work.
./scripts/test-postgres.sh start build/bench-postgres
trap './scripts/test-postgres.sh stop build/bench-postgres' EXIT
for b in build/bench/*/*_bench; do
  [ -x "$b" ] && CROWNHALL_BENCH_POSTGRES="$(cat build/bench-postgres/conninfo)" \
    CROWNHALL_BENCH_SECONDS=0.5 "$b" --benchmark_min_time=0.01 >/dev/null
done
./scripts/test-postgres.sh stop build/bench-postgres
# The per-kind cost table (docs/performance.md): a few games of every deck it knows.
for deck in base golem_king golem_king_shields all; do
  build/bench/crown_battles/crown_battles_action_costs "$deck" 20 >/dev/null
done
build/bench/crown_battles/crown_battles_fixed_games 5 >/dev/null
# The base game's time as a ratio to The Dwarf King's (docs/performance.md, "The base game's
# guard"): printed, not judged, since this run shares its cores; its last two lines.
build/bench/base_game_guard/base_game_guard 3 0.1 | tail -2
trap - EXIT
# Two nodes, a few tables, local and routed clients (it starts its own PostgreSQL and Redis).
bench/cluster/routing_bench.sh build/app/crownhall 4 "" 2 >/dev/null

step "all tests passed"
