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

# The sanitizer and fuzz builds only compile, so they run in the background at the lowest
# priority while the Release tests and the browser tests run: the scheduler gives them only
# the CPU those leave idle (a browser test mostly waits).
# This keeps CI well under an hour on two cores (docs/ci.md).
step "sanitizer and fuzz builds start in the background (idle priority), log: build/background-builds.log"
# setsid: the builds are a process group of their own, so a failing step stops all of them.
# chrt --idle (SCHED_IDLE, inherited by the compilers): they run only when a CPU is idle.
idle=(nice -n 19)
chrt --idle 0 true 2>/dev/null && idle=(chrt --idle 0 nice -n 19)
setsid "${idle[@]}" ./scripts/build-checked.sh </dev/null >build/background-builds.log 2>&1 &
builds=$!
cleanup() {
  kill -- "-$builds" 2>/dev/null || true
  ./scripts/test-postgres.sh stop build/bench-postgres 2>/dev/null || true
}
trap cleanup EXIT

step "C++ tests (Release)"
ctest --test-dir build --output-on-failure -j "$jobs" --timeout 600

step "benchmarks run (smoke)"
# The store's append load runs on a private PostgreSQL too (bench/store/append_bench.cpp),
# and half a second per configuration is enough to see it work.
./scripts/test-postgres.sh start build/bench-postgres
for b in build/bench/*/*_bench; do
  [ -x "$b" ] && CROWNHALL_BENCH_POSTGRES="$(cat build/bench-postgres/conninfo)" \
    CROWNHALL_BENCH_SECONDS=0.5 "$b" --benchmark_min_time=0.01 >/dev/null
done
./scripts/test-postgres.sh stop build/bench-postgres

step "web client: unit tests"
(cd web-client && npm test)

step "web client: end-to-end in headless Chromium"
(cd web-client && CROWNHALL_BIN="$PWD/../build/app/crownhall" npm run e2e)

step "waiting for the sanitizer and fuzz builds"
if ! wait "$builds"; then
  tail -n 200 build/background-builds.log
  echo "the sanitizer or fuzz build failed (whole log: build/background-builds.log)" >&2
  exit 1
fi
grep -c '' build/background-builds.log | xargs printf '(%s lines of build output, all well)\n'

step "C++ tests (sanitizers)"
# Property tests run a tenth of their games here: the Release run above covers the full count.
CROWNHALL_TEST_SCALE=0.1 ctest --test-dir build-asan --output-on-failure -j "$jobs" --timeout 900

step "fuzz targets: a short run each (clang, libFuzzer, ASan + UBSan)"
ctest --test-dir build-fuzz --output-on-failure -R '_smoke$' --timeout 900

step "all tests passed"
