#!/usr/bin/env bash
# Configures and builds into build/ (or $CROWNHALL_BUILD_DIR). Extra arguments go to
# `cmake --build` (for example `--target crownhall`).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${CROWNHALL_BUILD_DIR:-build}
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
if [ ! -f "$build_dir/CMakeCache.txt" ]; then
  # A build from scratch compiles the server, the app and the tests a few files to a unit,
  # about a third faster (docs/ci.md); CROWNHALL_UNITY_BUILD=OFF for a tree you edit file by
  # file, where a unit would recompile its neighbours too.
  cmake -S . -B "$build_dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=${CROWNHALL_BUILD_TYPE:-Release} \
    -DCROWNHALL_UNITY_BUILD=${CROWNHALL_UNITY_BUILD:-ON} ${CROWNHALL_CMAKE_ARGS:-}
fi
cmake --build "$build_dir" -j "$(nproc)" "$@"
